import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/** Operator keys of the admin API (docs/admin-api.md#operator-keys): the secret's hash, unique. */
export const migration0029OperatorKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('operator_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('operator_keys').ifExists().execute()
  },
}
