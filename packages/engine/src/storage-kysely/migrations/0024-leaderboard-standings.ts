import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { rebuildLeaderboardStandings } from '../rebuild-leaderboard-standings'

/**
 * The all-time leaderboard rollup (docs/performance.md#rollups): per (brand, wallet) the counted
 * `reward` entries' tokens, count and latest time, indexed in the board's order. Kept where the
 * ledger is written (ledger-standings.ts); backfilled here from the existing entries.
 */
export const migration0024LeaderboardStandings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('leaderboard_standings')
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('earned', 'bigint', (c) => c.notNull())
      .addColumn('actions', 'bigint', (c) => c.notNull())
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .addColumn('week_earned', 'bigint', (c) => c.notNull())
      .addColumn('week_earned_before', 'bigint', (c) => c.notNull())
      .addColumn('week_actions', 'bigint', (c) => c.notNull())
      .addColumn('week_actions_before', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('leaderboard_standings_pk', ['brand_id', 'wallet_address'])
      .execute()
    await db.schema
      .createIndex('leaderboard_standings_earned_idx')
      .on('leaderboard_standings')
      .columns(['brand_id', 'earned desc', 'last_at', 'wallet_address'])
      .execute()
    await db.schema
      .createIndex('leaderboard_standings_actions_idx')
      .on('leaderboard_standings')
      .columns(['brand_id', 'actions desc', 'last_at', 'wallet_address'])
      .execute()
    // A rolling window's board: the wallets active in it (last_at ≥ its start), counted.
    await db.schema
      .createIndex('leaderboard_standings_recent_idx')
      .on('leaderboard_standings')
      .columns(['brand_id', 'last_at'])
      .execute()
    await rebuildLeaderboardStandings(db)
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('leaderboard_standings').ifExists().execute()
  },
}
