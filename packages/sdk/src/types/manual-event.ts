// Written by hand from spec 01 §4 for now; to be replaced by `z.input<typeof manualEventSchema>` and the
// response schema's inferred type once the shared zod schemas are exported for clients.

/** Body of POST /loyalty-api/manual-event (and of each bulk-events item). */
export type ManualEventParams = {
  /** Lowercase 0x address, 42 characters. */
  brandId: string
  /** Letters, digits, underscore; max 50. Custom events: the `custom_…` id. */
  eventType: string
  /** Max 254 characters. */
  userEmail: string
  /** Recommended from a backend: the brand's website domain (else taken from sourceUrl, then Origin). */
  domain?: string
  /** http(s) URL, max 2048 characters. */
  sourceUrl?: string
  /** Email or Ethereum address; an address names the recipient wallet. */
  userIdentifier?: string
  /** Free-form event data; may hold `skip_cooldown: true`. */
  metadata?: { skip_cooldown?: boolean } & Record<string, unknown>
  /** Chat channel id or name, for events with channel constraints. */
  channel_id?: string
}

export type EventReward = {
  amount: number
  eventType: string
  walletAddress: string
  transactionHash: string
}

/** 200 response of manual-event. */
export type ManualEventResponse = {
  success: boolean
  /** UUID. */
  eventId: string
  message: string
  rewardAmount: number
  eventType: string
  /** True when this reward created the user's wallet. */
  walletCreated: boolean
  walletAddress: string
  transactionHash: string
  reward: EventReward
}
