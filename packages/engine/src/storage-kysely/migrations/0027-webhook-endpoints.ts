import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'

const DELIVERY_COLUMNS = [
  'id',
  'brand_id',
  'event_type',
  'event_id',
  'mint_job_id',
  'payload',
  'test',
  'status',
  'attempts',
  'next_attempt_at',
  'claim_token',
  'last_attempt_at',
  'last_status_code',
  'last_error',
  'delivered_at',
  'created_at',
  'updated_at',
]

/**
 * Several webhook endpoints per brand (src/webhooks, docs/webhooks.md). `webhook_endpoints` gets an id,
 * the event types it receives (JSON array, `["*"]`: all), a description, `is_default` (the endpoint
 * `loyaltykit webhook set` manages; at most one per brand) and its own signing secret (KeyVault
 * ciphertext) with the previous one and the end of its overlap after a rotation. Each existing
 * endpoint becomes its brand's default endpoint, receiving every event type, with the brand secret
 * `webhook_secret` moved into it. `webhook_deliveries` gets `endpoint_id` (each delivery belongs to one
 * endpoint) and its uniqueness becomes (endpoint_id, event_type, event_id); every delivery is copied
 * to its brand's endpoint (a delivery whose brand had no endpoint, which the old code never sent, keeps
 * `endpoint_id` ''). Both tables are rebuilt (SQLite cannot drop a unique constraint), in the
 * migration's transaction, with explicitly named constraints so the old ones' names do not collide.
 */
export const migration0027WebhookEndpoints: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('webhook_endpoints').renameTo('webhook_endpoints_0004').execute()
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('event_types', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull())
      .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
      .addColumn('previous_secret_ciphertext', 'text')
      .addColumn('previous_secret_expires_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('webhook_endpoints_id_pk', ['id'])
      .execute()
    const legacy = await sql<{
      brand_id: string
      url: string
      enabled: number
      created_at: number | string
      updated_at: number | string
      ciphertext: string | null
    }>`select e.brand_id, e.url, e.enabled, e.created_at, e.updated_at, s.ciphertext
       from webhook_endpoints_0004 e
       left join brand_secrets s on s.brand_id = e.brand_id and s.kind = 'webhook_secret'`.execute(db)
    for (const row of legacy.rows) {
      await sql`insert into webhook_endpoints
        (id, brand_id, url, event_types, description, enabled, is_default, secret_ciphertext,
         previous_secret_ciphertext, previous_secret_expires_at, created_at, updated_at)
        values (${`we_${randomUUID().replaceAll('-', '')}`}, ${row.brand_id}, ${row.url}, '["*"]', null,
         ${Number(row.enabled)}, 1, ${row.ciphertext ?? ''}, null, null, ${Number(row.created_at)},
         ${Number(row.updated_at)})`.execute(db)
    }
    await sql`delete from brand_secrets where kind = 'webhook_secret'`.execute(db)
    await db.schema.dropTable('webhook_endpoints_0004').execute()
    await db.schema
      .createIndex('webhook_endpoints_brand_idx')
      .on('webhook_endpoints')
      .columns(['brand_id', 'created_at'])
      .execute()
    await db.schema
      .createIndex('webhook_endpoints_default_uq')
      .on('webhook_endpoints')
      .column('brand_id')
      .unique()
      .where(sql.ref('is_default'), '=', 1)
      .execute()

    await db.schema.alterTable('webhook_deliveries').renameTo('webhook_deliveries_0004').execute()
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('endpoint_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('mint_job_id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('test', 'integer', (c) => c.notNull().defaultTo(0))
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
      .addPrimaryKeyConstraint('webhook_deliveries_id_pk', ['id'])
      .addUniqueConstraint('webhook_deliveries_endpoint_event_uq', ['endpoint_id', 'event_type', 'event_id'])
      .execute()
    const columns = sql.join(DELIVERY_COLUMNS.map((c) => sql.ref(c)))
    const fromLegacy = sql.join(DELIVERY_COLUMNS.map((c) => sql.ref(`d.${c}`)))
    await sql`insert into webhook_deliveries (${columns}, endpoint_id)
      select ${fromLegacy}, coalesce(e.id, '')
      from webhook_deliveries_0004 d
      left join webhook_endpoints e on e.brand_id = d.brand_id and e.is_default = 1`.execute(db)
    await db.schema.dropTable('webhook_deliveries_0004').execute()
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
    await db.schema
      .createIndex('webhook_deliveries_endpoint_idx')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'created_at'])
      .execute()
  },
}
