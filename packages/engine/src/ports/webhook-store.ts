/**
 * Storage of outgoing webhooks: one endpoint per brand and the delivery outbox, which is also the
 * delivery log. Owned by src/webhooks/ (see docs/webhooks.md). The endpoint's signing secret is not
 * here: it is the brand secret `webhook_secret` of the ApiKeyStore (KeyVault ciphertext).
 */

export type WebhookEndpointRecord = {
  brandId: string
  /** http(s) URL the deliveries are POSTed to. */
  url: string
  /** Disabled: no new deliveries are enqueued and pending ones are held (sent once re-enabled). */
  enabled: boolean
  createdAt: number
  updatedAt: number
}

/** pending: waiting for its mint, its next attempt, or in flight · delivered: acknowledged (2xx) · failed: every attempt failed. */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed'

export type WebhookDeliveryRecord = {
  /** `msg_<32 hex>`: the `webhook-id` header, the same on every attempt. */
  id: string
  brandId: string
  /** e.g. `tokens_distributed`. */
  eventType: string
  /** The reward event; unique with `eventType` (one delivery per event). */
  eventId: string
  /**
   * Not sent before this mint job is confirmed; its hash and confirmation time complete the payload.
   * Null for a test delivery, which waits for nothing.
   */
  mintJobId: string | null
  /**
   * JSON object of the payload fields known when the event was accepted; for a test delivery, the
   * whole body, sent as is.
   */
  payload: string
  /** A sample sent by `triggerWebhook`, not a real event (its `eventId` is `test_…`). */
  test: boolean
  status: WebhookDeliveryStatus
  /** Attempts started since the delivery was (re)scheduled. */
  attempts: number
  /** Pending: not tried before this time (while an attempt is in flight, the end of its claim). */
  nextAttemptAt: number
  /** Token of the attempt in flight; only its holder may record the outcome. */
  claimToken: string | null
  lastAttemptAt: number | null
  /** HTTP status of the last answered attempt (null: none answered, or a network error). */
  lastStatusCode: number | null
  /** Why the last attempt failed (null after a success). */
  lastError: string | null
  /** Time of the last acknowledgement. */
  deliveredAt: number | null
  createdAt: number
  updatedAt: number
}

/** A delivery claimed for one attempt, with what sending needs. */
export type ClaimedWebhookDelivery = WebhookDeliveryRecord & {
  /** The endpoint URL at claim time. */
  url: string
  /** The confirmed mint job's transaction hash and confirmation time ('' and the claim time for a test delivery). */
  txHash: string
  confirmedAt: number
}

export type WebhookAttemptOutcome =
  | { delivered: true; statusCode: number }
  | {
      delivered: false
      statusCode: number | null
      error: string
      /** Null: no attempt left, the delivery becomes `failed`. */
      nextAttemptAt: number | null
    }

export interface WebhookStore {
  /** Insert or replace the brand's endpoint (enabled), one statement. */
  upsertEndpoint(p: { brandId: string; url: string; now: number }): Promise<WebhookEndpointRecord>
  /** False when the brand has no endpoint. */
  setEndpointEnabled(p: { brandId: string; enabled: boolean; now: number }): Promise<boolean>
  getEndpoint(brandId: string): Promise<WebhookEndpointRecord | undefined>
  /**
   * Atomic: of concurrent callers with the same (eventType, eventId), exactly one inserts
   * (`created: true`); every caller receives the stored delivery. Meant to run inside the transaction
   * that accepts the event, so the event and its delivery commit together (outbox).
   */
  insertDelivery(delivery: WebhookDeliveryRecord): Promise<{ delivery: WebhookDeliveryRecord; created: boolean }>
  /**
   * Atomic: claims up to `limit` pending deliveries that are due (`nextAttemptAt <= now`), whose mint
   * job is confirmed (or that are test deliveries) and whose brand endpoint is enabled, oldest due first, for one attempt: sets
   * `claimToken`, `attempts + 1`, `lastAttemptAt = now` and `nextAttemptAt = leaseUntil`. Concurrent
   * callers (other processes included) never receive the same delivery while its claim is live
   * (PostgreSQL: FOR UPDATE SKIP LOCKED plus the conditional update; SQLite serialises writers).
   * A claim whose holder died expires at `leaseUntil`, and the delivery is due again.
   */
  claimDue(p: { now: number; leaseUntil: number; limit: number; claimToken: string }): Promise<ClaimedWebhookDelivery[]>
  /**
   * Records the outcome of the attempt claimed with `claimToken`: delivered, rescheduled at
   * `nextAttemptAt`, or failed. Atomic compare-and-set on the token: false (nothing written) when the
   * claim is no longer current (expired and re-claimed, or rescheduled by `reschedule`).
   */
  completeAttempt(p: { id: string; claimToken: string; now: number; outcome: WebhookAttemptOutcome }): Promise<boolean>
  /**
   * Schedules the delivery again at `now` whatever its status: status `pending`, `attempts` 0, any
   * claim in flight voided. False when the id is unknown.
   */
  reschedule(p: { id: string; now: number }): Promise<boolean>
  getDelivery(id: string): Promise<WebhookDeliveryRecord | undefined>
  /** A brand's deliveries, newest first (createdAt, then id). */
  listDeliveries(p: { brandId: string; limit: number }): Promise<WebhookDeliveryRecord[]>
}
