import type { WebhookDeliveryRecord, WebhookDeliveryStatus } from '../ports/webhook-store'

/** One row of a brand's delivery log, as operations return it. */
export type WebhookDelivery = {
  /** The `webhook-id` header of every attempt (`msg_…`); what `redeliverWebhook` takes. */
  id: string
  brandId: string
  /** The endpoint it is sent to. */
  endpointId: string
  eventType: string
  /** The reward event delivered (`test_…` for a test delivery). */
  eventId: string
  /** A sample sent by `triggerWebhook` (`loyaltykit webhook trigger`), not a real event. */
  test: boolean
  /** `pending` also covers "waiting for the mint to confirm" and "attempt in flight". */
  status: WebhookDeliveryStatus
  /** Attempts since the delivery was (re)scheduled. */
  attempts: number
  lastAttemptAt: number | null
  lastStatusCode: number | null
  lastError: string | null
  /** Pending only: not attempted before this time (epoch ms). */
  nextAttemptAt: number | null
  /** Time of the last acknowledgement (2xx). */
  deliveredAt: number | null
  createdAt: number
}

export function toWebhookDelivery(record: WebhookDeliveryRecord): WebhookDelivery {
  return {
    id: record.id,
    brandId: record.brandId,
    endpointId: record.endpointId,
    eventType: record.eventType,
    eventId: record.eventId,
    test: record.test,
    status: record.status,
    attempts: record.attempts,
    lastAttemptAt: record.lastAttemptAt,
    lastStatusCode: record.lastStatusCode,
    lastError: record.lastError,
    nextAttemptAt: record.status === 'pending' ? record.nextAttemptAt : null,
    deliveredAt: record.deliveredAt,
    createdAt: record.createdAt,
  }
}
