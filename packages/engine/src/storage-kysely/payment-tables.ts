import type { Generated } from 'kysely'

/** Tables of payments (migration 0005-payments). Owned by src/payments. */
export interface PaymentTables {
  checkout_sessions: CheckoutSessionsTable
  payments: PaymentsTable
  payment_events: PaymentEventsTable
  refund_clawbacks: RefundClawbacksTable
}

/** Sessions created by create-checkout (any provider); the local provider's state. Unique idempotency_key. */
export interface CheckoutSessionsTable {
  id: string
  provider: string
  brand_id: string
  user_email: string
  wallet_address: string
  amount_cents: number
  currency: string
  token_amount: string
  checkout_url: string
  success_url: string
  cancel_url: string
  /** JSON object of strings. */
  metadata: string
  /** open | paid */
  status: string
  payment_intent_id: string | null
  idempotency_key: string | null
  created_at: number
  updated_at: number
  paid_at: number | null
}

/** One row per minted checkout session (primary key session_id). */
export interface PaymentsTable {
  session_id: string
  provider: string
  brand_id: string | null
  user_email: string | null
  wallet_address: string
  usd_amount: string
  token_amount: string
  amount_total_cents: number | null
  currency: string | null
  payment_intent_id: string | null
  mint_job_id: string
  created_at: number
}

/** Processed provider events (primary key id). */
export interface PaymentEventsTable {
  id: string
  provider: string
  type: string
  object_id: string | null
  outcome: string
  /** JSON object. */
  data: string
  processed_at: number
}

/** The refund ledger and clawback jobs (primary key refund_id). */
export interface RefundClawbacksTable {
  refund_id: string
  provider: string
  payment_intent_id: string
  charge_id: string | null
  refund_cents: number
  charge_amount_cents: number
  currency: string
  refund_created_at: number
  session_id: string | null
  brand_id: string | null
  wallet_address: string | null
  mint_job_id: string | null
  token_amount: string | null
  /** awaiting_payment | pending | signed | confirmed */
  status: string
  clawed_wei: string | null
  shortfall_wei: string | null
  chain_id: number | null
  signer: string | null
  nonce: number | null
  tx_hash: string | null
  raw_tx: string | null
  /** JSON array of the hashes of earlier attempts with the same nonce (replaced with higher fees). */
  replaced_tx_hashes: Generated<string>
  signed_at: number | null
  block_number: number | null
  attempts: number
  next_attempt_at: number
  last_error: string | null
  created_at: number
  updated_at: number
  confirmed_at: number | null
}
