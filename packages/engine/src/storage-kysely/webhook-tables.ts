/** Tables of outgoing webhooks (migrations 0004-webhooks, 0011-webhook-test-deliveries). Owned by src/webhooks. */
export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable
  webhook_deliveries: WebhookDeliveriesTable
}

/** Primary key brand_id: one endpoint per brand. The secret is brand secret `webhook_secret`. */
export interface WebhookEndpointsTable {
  brand_id: string
  url: string
  /** 0/1 */
  enabled: number
  created_at: number
  updated_at: number
}

/** The outbox and delivery log; unique (event_type, event_id). */
export interface WebhookDeliveriesTable {
  /** `msg_<32 hex>`, the webhook-id header. */
  id: string
  brand_id: string
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
