import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The relayer (src/relay: rate windows, signed transactions, gas usage per user and brand, seen HMAC
 * signatures) and perk collections created through the engine (src/perks). docs/relayer.md, docs/perks.md.
 */
export const migration0007Relay: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('relay_rate_windows')
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('window_end', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('relay_rate_windows_pk', ['key', 'window_start'])
      .execute()
    await db.schema.createIndex('relay_rate_windows_end_idx').on('relay_rate_windows').column('window_end').execute()

    await db.schema
      .createTable('relay_transactions')
      .addColumn('tx_hash', 'text', (c) => c.primaryKey())
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('signer', 'text', (c) => c.notNull())
      .addColumn('nonce', 'bigint', (c) => c.notNull())
      .addColumn('raw', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('function_name', 'text', (c) => c.notNull())
      .addColumn('user_address', 'text')
      .addColumn('brand_id', 'text')
      .addColumn('gas_limit', 'text', (c) => c.notNull())
      .addColumn('max_fee_per_gas', 'text', (c) => c.notNull())
      .addColumn('max_priority_fee_per_gas', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('gas_used', 'text')
      .addColumn('effective_gas_price', 'text')
      .addColumn('block_number', 'bigint')
      .addColumn('error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('relay_transactions_open_idx')
      .on('relay_transactions')
      .columns(['chain_id', 'signer', 'status', 'nonce'])
      .execute()
    await db.schema
      .createIndex('relay_transactions_user_idx')
      .on('relay_transactions')
      .columns(['user_address', 'created_at'])
      .execute()

    await db.schema
      .createTable('relay_gas_usage')
      .addColumn('subject_kind', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('gas_used', 'bigint', (c) => c.notNull())
      .addColumn('transactions', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('relay_gas_usage_pk', ['subject_kind', 'subject', 'day'])
      .execute()

    await db.schema
      .createTable('seen_signatures')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('seen_signatures_pk', ['scope', 'signature'])
      .execute()
    await db.schema.createIndex('seen_signatures_expires_idx').on('seen_signatures').column('expires_at').execute()

    await db.schema
      .createTable('perks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('collection_id', 'bigint', (c) => c.notNull().unique())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('category', 'text')
      .addColumn('price', 'text', (c) => c.notNull())
      .addColumn('max_supply', 'bigint', (c) => c.notNull())
      .addColumn('max_per_user', 'bigint', (c) => c.notNull())
      .addColumn('charges', 'integer', (c) => c.notNull())
      .addColumn('transaction_hash', 'text', (c) => c.notNull())
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('perks_brand_idx').on('perks').columns(['brand_id', 'created_at']).execute()
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['perks', 'seen_signatures', 'relay_gas_usage', 'relay_transactions', 'relay_rate_windows']) {
      await db.schema.dropTable(table).ifExists().execute()
    }
  },
}
