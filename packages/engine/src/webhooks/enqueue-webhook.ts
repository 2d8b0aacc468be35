import { type Clock, systemClock } from '../ports/clock'
import { type Ids, randomIds } from '../ports/ids'
import type { Stores } from '../ports/storage'
import type { TokensDistributedFacts } from './tokens-distributed-payload'
import { receivesEventType } from './webhook-endpoint-event-types'

export type EnqueueWebhookParameters = TokensDistributedFacts & {
  /** The accepted reward event: one delivery per event and endpoint, whose `webhook-id` never changes. */
  eventId: string
  /** The event's mint job; null (nothing minted) enqueues nothing. The deliveries wait for its confirmation. */
  mintJobId: string | null
}

/** One entry per endpoint the event fans out to (empty: no enabled endpoint receives it). */
export type EnqueueWebhookReturnType = Array<{ endpointId: string; deliveryId: string; created: boolean }>

const EVENT_TYPE = 'tokens_distributed'

/**
 * Writes the `tokens_distributed` deliveries of an accepted event into the outbox, one per enabled
 * endpoint of the brand that receives that event type, in `stores`, which must be the transaction that
 * accepts the event (the event and its deliveries commit together, so no event is lost). Nothing is
 * enqueued when nothing is minted. Idempotent per (event, endpoint). The dispatcher sends each once
 * the mint is confirmed.
 */
export async function enqueueWebhook(
  stores: Pick<Stores, 'webhooks'>,
  params: EnqueueWebhookParameters,
  options: { clock?: Clock; ids?: Ids } = {},
): Promise<EnqueueWebhookReturnType> {
  if (params.mintJobId === null) return []
  const endpoints = (await stores.webhooks.listEndpoints(params.brandId)).filter(
    (e) => e.enabled && receivesEventType(e.eventTypes, EVENT_TYPE),
  )
  if (endpoints.length === 0) return []
  const now = (options.clock ?? systemClock).now()
  const ids = options.ids ?? randomIds
  const facts: TokensDistributedFacts = {
    brandId: params.brandId,
    userId: params.userId,
    email: params.email,
    walletAddress: params.walletAddress,
    tokenAmount: params.tokenAmount,
  }
  const payload = JSON.stringify(facts)
  const enqueued: EnqueueWebhookReturnType = []
  for (const endpoint of endpoints) {
    const { delivery, created } = await stores.webhooks.insertDelivery({
      id: `msg_${ids.uuid().replaceAll('-', '')}`,
      brandId: params.brandId,
      endpointId: endpoint.id,
      eventType: EVENT_TYPE,
      eventId: params.eventId,
      mintJobId: params.mintJobId,
      payload,
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
    enqueued.push({ endpointId: endpoint.id, deliveryId: delivery.id, created })
  }
  return enqueued
}
