/** Redemptions for members from before their claim is signed (migration 0028-pending-redemptions). */
export interface PendingRedemptionTables {
  pending_redemptions: PendingRedemptionsTable
}

/**
 * Primary key `id`; unique (idempotency_scope, idempotency_key) among rows whose state is not
 * `failed` (a partial index); conventions of `database.ts`.
 */
export interface PendingRedemptionsTable {
  id: string
  perk_id: string
  brand_id: string
  collection_id: string
  wallet_address: string
  user_key: string | null
  /** agent | site */
  source: string
  agent_key_id: string | null
  idempotency_scope: string | null
  idempotency_key: string | null
  /** pending | confirmed | failed */
  state: string
  chain_id: number | null
  signer: string | null
  nonce: number | null
  transaction_hash: string | null
  redemption_id: string | null
  error: string | null
  created_at: number
  updated_at: number
}
