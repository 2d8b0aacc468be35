import type { QueryExecutorProvider } from 'kysely'
import { rebuildActivityGaps } from './rebuild-activity-gaps'
import { rebuildActivityTables } from './rebuild-activity-tables'
import { rebuildLeaderboardStandings } from './rebuild-leaderboard-standings'

/**
 * Rebuilds every rollup from scratch (docs/performance.md#rollups): the reward-event rollups and
 * gaps from `reward_events`, and the leaderboard standings from `ledger_entries`. What a bulk loader that
 * writes events and entries directly (the benchmark's seed, the events bench's preload) runs
 * afterwards. Run it in a transaction with no claim or ledger write running on the database.
 */
export async function rebuildActivityRollups(db: QueryExecutorProvider): Promise<void> {
  await rebuildActivityTables(db)
  await rebuildActivityGaps(db)
  await rebuildLeaderboardStandings(db)
}
