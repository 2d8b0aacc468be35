import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const migration0003Events: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reward_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('user_key', 'text', (c) => c.notNull())
      .addColumn('user_email', 'text', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('reward_amount', 'bigint', (c) => c.notNull())
      .addColumn('source', 'text')
      .addColumn('domain', 'text')
      .addColumn('channel_id', 'text')
      .addColumn('metadata', 'text')
      .addColumn('mint_job_id', 'text')
      .addColumn('transaction_hash', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('reward_events_brand_user_idx')
      .on('reward_events')
      .columns(['brand_id', 'user_key', 'created_at'])
      .execute()
    await db.schema.createIndex('reward_events_mint_job_idx').on('reward_events').column('mint_job_id').execute()
    await db.schema
      .createTable('claim_counters')
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('user_key', 'text', (c) => c.notNull())
      .addColumn('claims', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_event_id', 'text')
      .addColumn('last_at', 'bigint')
      .addPrimaryKeyConstraint('claim_counters_pk', ['brand_id', 'event_type', 'user_key'])
      .execute()
    await db.schema
      .createTable('rule_totals')
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('rule_totals_pk', ['brand_id', 'event_type'])
      .execute()
  },
}
