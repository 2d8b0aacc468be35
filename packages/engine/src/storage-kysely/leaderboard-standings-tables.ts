/**
 * The all-time leaderboard rollup (migration 0024-leaderboard-standings, docs/performance.md#rollups):
 * per (brand, wallet) the wallet's `reward` ledger entries that are not failed, kept where the ledger
 * is written (ledger-standings.ts) and rebuilt from the entries by `rebuildLeaderboardStandings`.
 */
export interface LeaderboardStandingTables {
  leaderboard_standings: LeaderboardStandingsTable
}

/**
 * Primary key (brand_id, wallet_address); a row exists while the wallet has ≥ 1 counted entry at the
 * brand. Indexed (brand_id, earned desc, last_at, wallet_address) and the same with `actions`: the
 * leaderboard's order, read from the top.
 */
interface LeaderboardStandingsTable {
  brand_id: string
  wallet_address: string
  /** Σ amount (whole tokens) of the counted entries. */
  earned: number
  /** How many entries are counted. */
  actions: number
  /** The latest created_at among them: who reached the value first wins a tie. */
  last_at: number
  /**
   * Σ amount and count of the counted entries in the 7-day bucket (`floor(t / 7 d)`) of `last_at`,
   * and in the bucket before it: a rolling window of at most 7 days that ends after `last_at` holds
   * at most these (standings-leaderboard.ts reads them as a bound).
   */
  week_earned: number
  week_earned_before: number
  week_actions: number
  week_actions_before: number
}
