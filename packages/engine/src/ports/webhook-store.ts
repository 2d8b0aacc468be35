/**
 * Storage of outgoing webhooks: a brand's endpoints (several; at most one is its default endpoint,
 * the one `loyaltykit webhook set` manages) and the delivery outbox, which is also the delivery log.
 * Owned by src/webhooks/ (see docs/webhooks.md). Each endpoint holds its own signing secret as KeyVault
 * ciphertext, read only through `getEndpointSecrets` and `claimDue`, never in a `WebhookEndpointRecord`.
 */

import type { ListPosition } from '../schemas/cursor-list'

export type WebhookEndpointRecord = {
  /** `we_<32 hex>` */
  id: string
  brandId: string
  /** http(s) URL the deliveries are POSTed to. */
  url: string
  /** The event types it receives; `['*']`: every type, including types added later. */
  eventTypes: string[]
  description: string | null
  /** Disabled: no new deliveries are enqueued and pending ones are held (sent once re-enabled). */
  enabled: boolean
  /** The brand's default endpoint: the one `loyaltykit webhook set|enable|disable|trigger` manage. */
  isDefault: boolean
  /** After a rotation with an overlap: until this time (epoch ms) the previous secret signs too. */
  previousSecretExpiresAt: number | null
  createdAt: number
  updatedAt: number
}

/** An endpoint's signing secrets as KeyVault ciphertexts (the previous one only during an overlap). */
export type WebhookEndpointSecrets = {
  /** '' when the endpoint has none (a migrated endpoint whose brand secret was missing). */
  secret: string
  previousSecret: string | null
  previousSecretExpiresAt: number | null
}

/** What `updateEndpoint` may change. */
export type WebhookEndpointChanges = {
  url?: string
  eventTypes?: string[]
  description?: string | null
  enabled?: boolean
}

/** pending: waiting for its mint, its next attempt, or in flight · delivered: acknowledged (2xx) · failed: every attempt failed. */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed'

export type WebhookDeliveryRecord = {
  /** `msg_<32 hex>`: the `webhook-id` header, the same on every attempt. */
  id: string
  brandId: string
  /** The endpoint it is sent to. */
  endpointId: string
  /** e.g. `tokens_distributed`. */
  eventType: string
  /** The reward event; unique with `endpointId` and `eventType` (one delivery per event and endpoint). */
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
  /** The endpoint's signing secrets at claim time. */
  secrets: WebhookEndpointSecrets
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
  /** Inserts a new endpoint with its secret's ciphertext. */
  insertEndpoint(p: { endpoint: WebhookEndpointRecord; secretCiphertext: string }): Promise<WebhookEndpointRecord>
  /**
   * One statement: creates the brand's default endpoint (id `id`, every event type, enabled) or, when
   * it has one, sets its URL, enables it and replaces its secret at once (no overlap).
   */
  upsertDefaultEndpoint(p: {
    id: string
    brandId: string
    url: string
    secretCiphertext: string
    now: number
  }): Promise<WebhookEndpointRecord>
  getDefaultEndpoint(brandId: string): Promise<WebhookEndpointRecord | undefined>
  getEndpoint(id: string): Promise<WebhookEndpointRecord | undefined>
  /** A brand's endpoints, oldest first. */
  listEndpoints(brandId: string): Promise<WebhookEndpointRecord[]>
  /** Undefined when the id is unknown. */
  updateEndpoint(p: {
    id: string
    changes: WebhookEndpointChanges
    now: number
  }): Promise<WebhookEndpointRecord | undefined>
  /**
   * One statement (no read-modify-write): the new secret signs from now on; with
   * `previousExpiresAt`, the secret it replaces keeps signing until then (the previous one of an
   * earlier rotation is dropped), else it stops at once. False when the id is unknown.
   */
  rotateEndpointSecret(p: {
    id: string
    secretCiphertext: string
    previousExpiresAt: number | null
    now: number
  }): Promise<boolean>
  getEndpointSecrets(id: string): Promise<WebhookEndpointSecrets | undefined>
  /** Deletes the endpoint and its deliveries (run it in a transaction). False when the id is unknown. */
  deleteEndpoint(id: string): Promise<boolean>
  /**
   * Atomic: of concurrent callers with the same (endpointId, eventType, eventId), exactly one inserts
   * (`created: true`); every caller receives the stored delivery. Meant to run inside the transaction
   * that accepts the event, so the event and its deliveries commit together (outbox).
   */
  insertDelivery(delivery: WebhookDeliveryRecord): Promise<{ delivery: WebhookDeliveryRecord; created: boolean }>
  /**
   * Atomic: claims up to `limit` pending deliveries that are due (`nextAttemptAt <= now`), whose mint
   * job is confirmed (or that are test deliveries) and whose endpoint exists and is enabled, oldest due
   * first, for one attempt: sets
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
  /**
   * A brand's deliveries, newest first (createdAt, then id), optionally of one endpoint and one
   * status, strictly after the position `before` (keyset pagination).
   */
  listDeliveries(p: {
    brandId: string
    endpointId?: string | undefined
    status?: WebhookDeliveryStatus | undefined
    before?: ListPosition | undefined
    limit: number
  }): Promise<WebhookDeliveryRecord[]>
}
