/** Perk redemptions made for members (migration 0019-perk-redemptions); conventions of `database.ts`. */
export interface PerkRedemptionTables {
  perk_redemptions: PerkRedemptionsTable
}

/** Primary key `id` (`<collectionId>:<tokenId>`); unique (idempotency_scope, idempotency_key). */
export interface PerkRedemptionsTable {
  id: string
  collection_id: string
  token_id: string
  perk_id: string
  brand_id: string
  wallet_address: string
  user_key: string | null
  price: string
  new_balance: string
  transaction_hash: string
  /** agent | site */
  source: string
  agent_key_id: string | null
  idempotency_scope: string | null
  idempotency_key: string | null
  created_at: number
}
