import type { StandingSummary } from './standing-summary'

/**
 * The leaderboard rollup (migration 0024-leaderboard-standings, docs/performance.md#leaderboard-standings):
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
interface LeaderboardStandingsTable extends StandingSummary {
  brand_id: string
  wallet_address: string
}
