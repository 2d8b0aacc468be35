import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { rebuildActivityTables } from '../rebuild-activity-tables'

/**
 * Rollups of the reward events for the agent API's network and brand analytics
 * (docs/performance.md#rollups): per (UTC day, brand) events, tokens and distinct-user
 * counters; per wallet and per (brand, wallet) the first and last event. Kept in the claim
 * transaction (EventStore.recordClaim); backfilled here from the existing events.
 */
export const migration0022ActivityRollups: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('activity_days')
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('events', 'bigint', (c) => c.notNull())
      .addColumn('tokens', 'bigint', (c) => c.notNull())
      .addColumn('brand_users', 'bigint', (c) => c.notNull())
      .addColumn('network_users', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_days_pk', ['day', 'brand_id'])
      .execute()
    await db.schema.createIndex('activity_days_brand_idx').on('activity_days').columns(['brand_id', 'day']).execute()
    await db.schema
      .createTable('activity_wallets')
      .addColumn('wallet_address', 'text', (c) => c.primaryKey())
      .addColumn('first_at', 'bigint', (c) => c.notNull())
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('activity_wallets_first_idx').on('activity_wallets').column('first_at').execute()
    await db.schema.createIndex('activity_wallets_last_idx').on('activity_wallets').column('last_at').execute()
    await db.schema
      .createTable('activity_brand_wallets')
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('first_at', 'bigint', (c) => c.notNull())
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_brand_wallets_pk', ['brand_id', 'wallet_address'])
      .execute()
    await db.schema
      .createIndex('activity_brand_wallets_first_idx')
      .on('activity_brand_wallets')
      .columns(['brand_id', 'first_at'])
      .execute()
    await db.schema
      .createIndex('activity_brand_wallets_last_idx')
      .on('activity_brand_wallets')
      .columns(['brand_id', 'last_at'])
      .execute()
    await db.schema
      .createIndex('activity_brand_wallets_time_idx')
      .on('activity_brand_wallets')
      .columns(['last_at', 'brand_id'])
      .execute()
    await rebuildActivityTables(db)
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['activity_brand_wallets', 'activity_wallets', 'activity_days']) {
      await db.schema.dropTable(t).ifExists().execute()
    }
  },
}
