import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The ledger of value movements (docs/ledger.md): `ledger_entries`, one row per wallet a movement
 * touches. Its indexes serve, with a million rows: a member's entries at a brand by time (and its
 * totals), a wallet's entries across brands, a brand's entries by time and by kind, entries by
 * source (the unique key), by mint job and by transaction, and unconfirmed entries by age.
 */
export const migration0013Ledger: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ledger_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('brand_id', 'text')
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('user_key', 'text')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('amount_wei', 'text', (c) => c.notNull())
      .addColumn('source_type', 'text', (c) => c.notNull())
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('counterparty', 'text')
      .addColumn('mint_job_id', 'text')
      .addColumn('batch_id', 'text')
      .addColumn('tx_hash', 'text')
      .addColumn('block_number', 'bigint')
      .addColumn('log_index', 'integer')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('snapshot', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('confirmed_at', 'bigint')
      .execute()
    const index = (name: string) => db.schema.createIndex(name).on('ledger_entries')
    await index('ledger_entries_source_idx')
      .unique()
      .columns(['source_type', 'source_id', 'kind', 'wallet_address'])
      .execute()
    await index('ledger_entries_wallet_idx').columns(['wallet_address', 'created_at', 'id']).execute()
    await index('ledger_entries_member_idx').columns(['brand_id', 'wallet_address', 'created_at', 'id']).execute()
    await index('ledger_entries_brand_idx').columns(['brand_id', 'created_at', 'id']).execute()
    await index('ledger_entries_brand_kind_idx').columns(['brand_id', 'kind', 'created_at', 'id']).execute()
    await index('ledger_entries_mint_job_idx')
      .column('mint_job_id')
      .where(sql.ref('mint_job_id'), 'is not', null)
      .execute()
    await index('ledger_entries_tx_idx').column('tx_hash').where(sql.ref('tx_hash'), 'is not', null).execute()
    await index('ledger_entries_unconfirmed_idx')
      .columns(['created_at'])
      .where(sql.ref('status'), '<>', 'confirmed')
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('ledger_entries').ifExists().execute()
  },
}
