import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Identity accounts (local and hosted identities, explicit links), OAuth pregenerations with their
 * per-brand rate windows, perk purchase constraints and the shared cache of external constraint
 * answers (src/identity, src/pregeneration, src/constraints; docs/identity.md).
 */
export const migration0006Identity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('identity_accounts')
      .addColumn('owner_key', 'text', (c) => c.primaryKey())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('provider', 'text')
      .addColumn('wallet_address', 'text')
      .addColumn('wallet_owner_key', 'text')
      .addColumn('username', 'text')
      .addColumn('claim_token', 'text')
      .addColumn('claimed_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('identity_accounts_user_idx').on('identity_accounts').column('user_id').execute()

    await db.schema
      .createTable('pregenerations')
      .addColumn('oauth_provider', 'text', (c) => c.notNull())
      .addColumn('oauth_user_id', 'text', (c) => c.notNull())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('oauth_username', 'text')
      .addColumn('metadata', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('pregenerations_pk', ['oauth_provider', 'oauth_user_id'])
      .execute()
    await db.schema
      .createIndex('pregenerations_brand_idx')
      .on('pregenerations')
      .columns(['brand_id', 'created_at'])
      .execute()

    await db.schema
      .createTable('pregeneration_rate_windows')
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('window_end', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('pregeneration_rate_windows_pk', ['key', 'window_start'])
      .execute()
    await db.schema
      .createIndex('pregeneration_rate_windows_end_idx')
      .on('pregeneration_rate_windows')
      .column('window_end')
      .execute()

    await db.schema
      .createTable('perk_constraints')
      .addColumn('collection_id', 'bigint', (c) => c.primaryKey())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('api_url', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('perk_constraints_brand_idx').on('perk_constraints').column('brand_id').execute()

    await db.schema
      .createTable('constraint_cache')
      .addColumn('api_url', 'text', (c) => c.notNull())
      .addColumn('user_address', 'text', (c) => c.notNull())
      .addColumn('collection_id', 'bigint', (c) => c.notNull())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('allowed', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('checked_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('constraint_cache_pk', ['api_url', 'user_address', 'collection_id'])
      .execute()
    await db.schema
      .createIndex('constraint_cache_collection_idx')
      .on('constraint_cache')
      .column('collection_id')
      .execute()
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'constraint_cache',
      'perk_constraints',
      'pregeneration_rate_windows',
      'pregenerations',
      'identity_accounts',
    ]) {
      await db.schema.dropTable(table).ifExists().execute()
    }
  },
}
