/** Tables of accepted reward events and their claim counters (migration 0003-events). */
export interface EventTables {
  reward_events: RewardEventsTable
  claim_counters: ClaimCountersTable
  rule_totals: RuleTotalsTable
}

export interface RewardEventsTable {
  id: string
  brand_id: string
  event_type: string
  user_key: string
  user_email: string
  wallet_address: string
  reward_amount: number
  source: string | null
  domain: string | null
  channel_id: string | null
  /** JSON object. */
  metadata: string | null
  mint_job_id: string | null
  transaction_hash: string | null
  created_at: number
}

/** Primary key (brand_id, event_type, user_key). */
interface ClaimCountersTable {
  brand_id: string
  event_type: string
  user_key: string
  claims: number
  last_event_id: string | null
  last_at: number | null
}

/** Primary key (brand_id, event_type). */
interface RuleTotalsTable {
  brand_id: string
  event_type: string
  total: number
}
