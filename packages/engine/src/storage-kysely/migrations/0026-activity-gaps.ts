import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { rebuildActivityGaps } from '../rebuild-activity-gaps'

/**
 * Gaps of at least 7 days between a wallet's consecutive reward events: the network's active users
 * of a window of the past (the previous period of a growth figure) without counting its events
 * (docs/performance.md#rollups). Kept in the claim transaction; backfilled here.
 */
export const migration0026ActivityGaps: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('activity_gaps')
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('gap_start', 'bigint', (c) => c.notNull())
      .addColumn('gap_end', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_gaps_pk', ['wallet_address', 'gap_start'])
      .execute()
    await db.schema.createIndex('activity_gaps_end_idx').on('activity_gaps').columns(['gap_end', 'gap_start']).execute()
    await rebuildActivityGaps(db)
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('activity_gaps').ifExists().execute()
  },
}
