import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/** Agent API keys (docs/agent-api.md#keys): id, name, encrypted HMAC secret, tier, permissions, brand scope, rate. */
export const migration0016AgentKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('agent_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
      .addColumn('tier', 'text', (c) => c.notNull())
      .addColumn('can_onboard', 'integer', (c) => c.notNull())
      .addColumn('can_manage_program', 'integer', (c) => c.notNull())
      .addColumn('brand_scope', 'text')
      .addColumn('rate_limit_per_minute', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('rotated_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addColumn('last_used_at', 'bigint')
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('agent_keys').ifExists().execute()
  },
}
