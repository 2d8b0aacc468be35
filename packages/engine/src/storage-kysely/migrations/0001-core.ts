import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Brands, event rules, custodial wallets, API keys, brand secrets and settings. One schema-builder
 * migration for both dialects: only types both understand (text, bigint, integer, double precision).
 */
export const migration0001Core: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('brands')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('websites', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('event_rules')
      .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id').onDelete('cascade'))
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('reward_amount', 'bigint', (c) => c.notNull())
      .addColumn('max_claims', 'integer', (c) => c.notNull())
      .addColumn('cooldown_hours', 'double precision', (c) => c.notNull())
      .addColumn('max_total_claims', 'bigint')
      .addColumn('detection_method', 'text', (c) => c.notNull())
      .addColumn('detection_config', 'text', (c) => c.notNull())
      .addColumn('is_custom', 'integer', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('event_rules_pk', ['brand_id', 'event_type'])
      .execute()

    await db.schema
      .createTable('wallets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('address', 'text', (c) => c.notNull().unique())
      .addColumn('owner_key', 'text', (c) => c.notNull().unique())
      .addColumn('encrypted_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id').onDelete('cascade'))
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute()
    await db.schema.createIndex('api_keys_brand_id_idx').on('api_keys').column('brand_id').execute()

    await db.schema
      .createTable('brand_secrets')
      .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('ciphertext', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('brand_secrets_pk', ['brand_id', 'kind'])
      .execute()

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['settings', 'brand_secrets', 'api_keys', 'wallets', 'event_rules', 'brands']) {
      await db.schema.dropTable(table).ifExists().execute()
    }
  },
}
