import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Idempotency keys of POST requests (the server's `Idempotency-Key`): one row per (scope, key) with
 * the request's hash, its lock or its stored answer, and when the row expires. docs/idempotency.md.
 */
export const migration0010Idempotency: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('claim_id', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('response_status', 'integer')
      .addColumn('response_headers', 'text')
      .addColumn('response_body', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('completed_at', 'bigint')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
      .execute()
    await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').column('expires_at').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('idempotency_keys').ifExists().execute()
  },
}
