import { type Clock, systemClock } from '../ports/clock'
import { type Ids, randomIds } from '../ports/ids'
import type { Stores } from '../ports/storage'
import type { TokensDistributedFacts } from './tokens-distributed-payload'

export type EnqueueWebhookParameters = TokensDistributedFacts & {
  /** The accepted reward event: one delivery per event, whose `webhook-id` never changes. */
  eventId: string
  /** The event's mint job; null (nothing minted) enqueues nothing. The delivery waits for its confirmation. */
  mintJobId: string | null
}

export type EnqueueWebhookReturnType = { deliveryId: string; created: boolean } | undefined

/**
 * Writes the `tokens_distributed` delivery of an accepted event into the outbox, in `stores`, which
 * must be the transaction that accepts the event (the event and its delivery commit together, so no
 * event is lost). Nothing is enqueued when nothing is minted or the brand has no enabled endpoint
 * (answers undefined). Idempotent per event. The dispatcher sends it once the mint is confirmed.
 */
export async function enqueueWebhook(
  stores: Pick<Stores, 'webhooks'>,
  params: EnqueueWebhookParameters,
  options: { clock?: Clock; ids?: Ids } = {},
): Promise<EnqueueWebhookReturnType> {
  if (params.mintJobId === null) return undefined
  const endpoint = await stores.webhooks.getEndpoint(params.brandId)
  if (!endpoint?.enabled) return undefined
  const now = (options.clock ?? systemClock).now()
  const facts: TokensDistributedFacts = {
    brandId: params.brandId,
    userId: params.userId,
    email: params.email,
    walletAddress: params.walletAddress,
    tokenAmount: params.tokenAmount,
  }
  const { delivery, created } = await stores.webhooks.insertDelivery({
    id: `msg_${(options.ids ?? randomIds).uuid().replaceAll('-', '')}`,
    brandId: params.brandId,
    eventType: 'tokens_distributed',
    eventId: params.eventId,
    mintJobId: params.mintJobId,
    payload: JSON.stringify(facts),
    test: false,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    claimToken: null,
    lastAttemptAt: null,
    lastStatusCode: null,
    lastError: null,
    deliveredAt: null,
    createdAt: now,
    updatedAt: now,
  })
  return { deliveryId: delivery.id, created }
}
