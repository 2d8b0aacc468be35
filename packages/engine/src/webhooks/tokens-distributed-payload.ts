/** Body of the `tokens_distributed` webhook: exactly the fields of spec 01 §6, in that order. */
export type TokensDistributedPayload = {
  event: 'tokens_distributed'
  brandId: string
  /** The user the reward counted against: the normalised email (or lowercase address) of the event. */
  userId: string
  email: string
  walletAddress: string
  tokenAmount: number
  transactionHash: string
  /** When the tokens were distributed (the mint's confirmation), epoch milliseconds. */
  timestamp: number
}

/** What the outbox row stores when the event is accepted; the mint completes the rest. */
export type TokensDistributedFacts = Pick<
  TokensDistributedPayload,
  'brandId' | 'userId' | 'email' | 'walletAddress' | 'tokenAmount'
>

/** The JSON body sent on every attempt of one delivery (same facts, same mint → same bytes). */
export function tokensDistributedBody(
  facts: TokensDistributedFacts,
  mint: { txHash: string; confirmedAt: number },
): string {
  const payload: TokensDistributedPayload = {
    event: 'tokens_distributed',
    brandId: facts.brandId,
    userId: facts.userId,
    email: facts.email,
    walletAddress: facts.walletAddress,
    tokenAmount: facts.tokenAmount,
    transactionHash: mint.txHash,
    timestamp: mint.confirmedAt,
  }
  return JSON.stringify(payload)
}
