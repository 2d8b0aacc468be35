import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/** Per-brand webhook endpoints and the delivery outbox / log (src/webhooks, docs/webhooks.md). */
export const migration0004Webhooks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('brand_id', 'text', (c) => c.primaryKey().references('brands.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('mint_job_id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('claim_token', 'text')
      .addColumn('last_attempt_at', 'bigint')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('delivered_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('webhook_deliveries_event_uq', ['event_type', 'event_id'])
      .execute()
    await db.schema
      .createIndex('webhook_deliveries_due_idx')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute()
    await db.schema
      .createIndex('webhook_deliveries_brand_idx')
      .on('webhook_deliveries')
      .columns(['brand_id', 'created_at'])
      .execute()
  },
}
