/** Tables of outgoing webhooks (migrations 0004-webhooks, 0011-webhook-test-deliveries, 0027-webhook-endpoints). Owned by src/webhooks. */
export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable
  webhook_deliveries: WebhookDeliveriesTable
}

/** Several per brand; at most one `is_default` per brand (partial unique index). */
export interface WebhookEndpointsTable {
  /** `we_<32 hex>` */
  id: string
  brand_id: string
  url: string
  /** JSON array of event types; `["*"]`: every type, including later ones. */
  event_types: string
  description: string | null
  /** 0/1 */
  enabled: number
  /** 0/1: the endpoint `loyaltykit webhook set` manages. */
  is_default: number
  /** KeyVault ciphertext of the signing secret ('' only for a migrated endpoint that had none). */
  secret_ciphertext: string
  /** After a rotation with an overlap: the previous secret, which also signs until `previous_secret_expires_at`. */
  previous_secret_ciphertext: string | null
  previous_secret_expires_at: number | null
  created_at: number
  updated_at: number
}

/** The outbox and delivery log; unique (endpoint_id, event_type, event_id). */
export interface WebhookDeliveriesTable {
  /** `msg_<32 hex>`, the webhook-id header. */
  id: string
  brand_id: string
  /** The endpoint it is sent to ('' for a migrated delivery whose brand had no endpoint). */
  endpoint_id: string
  event_type: string
  event_id: string
  /** '' for a test delivery (no mint job). */
  mint_job_id: string
  /** JSON object: the facts known at acceptance, or (test delivery) the whole body sent. */
  payload: string
  /** 0/1: a sample sent by `webhook trigger`. */
  test: number
  /** pending | delivered | failed */
  status: string
  attempts: number
  next_attempt_at: number
  claim_token: string | null
  last_attempt_at: number | null
  last_status_code: number | null
  last_error: string | null
  delivered_at: number | null
  created_at: number
  updated_at: number
}
