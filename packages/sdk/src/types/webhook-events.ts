// Written by hand from spec 01 §6 for now; to be replaced by the type inferred from the shared zod
// schema once it exists.

/** Outgoing webhook sent when tokens are distributed (spec 01 §6). */
export type TokensDistributedEvent = {
  event: 'tokens_distributed'
  brandId: string
  userId: string
  email: string
  walletAddress: string
  tokenAmount: number
  transactionHash: string
  /** Epoch milliseconds. */
  timestamp: number
}

/** Every webhook event the platform sends today. */
export type WebhookEvent = TokensDistributedEvent
