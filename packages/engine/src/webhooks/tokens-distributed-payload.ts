import type { z } from 'zod'
import type { tokensDistributedEventSchema } from './tokens-distributed-event-schema'

/** Body of the `tokens_distributed` webhook: exactly the fields of spec 01 §6, in that order. */
export type TokensDistributedPayload = z.output<typeof tokensDistributedEventSchema>

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
