/**
 * Rollups of `reward_events` (migration 0022-activity-rollups, docs/performance.md#rollups), kept in
 * the claim transaction and rebuilt from the events by `rebuildActivityRollups`.
 */
export interface ActivityRollupTables {
  activity_days: ActivityDaysTable
  activity_wallets: ActivityWalletsTable
  activity_brand_wallets: ActivityBrandWalletsTable
  activity_gaps: ActivityGapsTable
}

/**
 * Primary key (day, brand_id): one UTC day (`floor(created_at / 86,400,000)`) of a brand. Not per
 * event type: a network-wide window reads days × brands rows (6,000 for 30 days of 200 brands).
 */
interface ActivityDaysTable {
  day: number
  brand_id: string
  events: number
  /** Σ reward_amount, whole tokens. */
  tokens: number
  /** Events that were their wallet's first event at the brand that day: Σ over a (day, brand) = its distinct users. */
  brand_users: number
  /** Events that were their wallet's first event anywhere that day: Σ over a day = the network's distinct users. */
  network_users: number
}

/** Primary key wallet_address: the wallet's first and last reward event (any brand). */
interface ActivityWalletsTable {
  wallet_address: string
  first_at: number
  last_at: number
}

/** Primary key (brand_id, wallet_address): the wallet's first and last reward event at the brand. */
interface ActivityBrandWalletsTable {
  brand_id: string
  wallet_address: string
  first_at: number
  last_at: number
}

/**
 * Primary key (wallet_address, gap_start), indexed (gap_end, gap_start): two consecutive reward
 * events of a wallet (any brand) at least 7 days apart (migration 0026-activity-gaps). A wallet with
 * an event at or after A has none in [A, B) exactly when its first event is at or after B or one of
 * its gaps spans [A, B) (starts before A, ends at or after B): active users of a window of the past.
 */
interface ActivityGapsTable {
  wallet_address: string
  gap_start: number
  gap_end: number
}
