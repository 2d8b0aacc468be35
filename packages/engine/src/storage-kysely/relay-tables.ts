/**
 * Tables of the relayer and perk collections (migration 0007-relay; its rate windows and seen
 * signatures moved to 0009-rate-limits). Column conventions are those of `database.ts`: BIGINT epoch
 * ms, INTEGER 0/1 booleans, TEXT JSON, lowercase TEXT addresses, wei as TEXT decimal strings.
 */
export interface RelayTables {
  relay_transactions: RelayTransactionsTable
  relay_gas_usage: RelayGasUsageTable
  perks: PerksTable
}

export interface RelayTransactionsTable {
  tx_hash: string
  chain_id: number
  signer: string
  nonce: number
  raw: string
  kind: string
  to_address: string
  function_name: string
  user_address: string | null
  brand_id: string | null
  gas_limit: string
  max_fee_per_gas: string
  max_priority_fee_per_gas: string
  status: string
  gas_used: string | null
  effective_gas_price: string | null
  block_number: number | null
  error: string | null
  created_at: number
  updated_at: number
}

/** Primary key (subject_kind, subject, day). */
interface RelayGasUsageTable {
  /** `user` or `brand`. */
  subject_kind: string
  subject: string
  /** `YYYY-MM-DD`, UTC. */
  day: string
  gas_used: number
  transactions: number
}

export interface PerksTable {
  id: string
  collection_id: number
  brand_id: string
  name: string
  description: string | null
  category: string | null
  price: string
  max_supply: number
  max_per_user: number
  charges: number
  transaction_hash: string
  block_number: number
  created_at: number
  /** 0/1; mirrors the collection's `active` on chain (migration 0018). */
  is_active: number
  /** JSON array of strings. */
  tags: string
  discount_code: string | null
  updated_at: number | null
}
