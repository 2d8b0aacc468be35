import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Mint jobs, batches and signed transactions; per-signer nonces; leases; the embedded chain's
 * journal. Types both dialects understand (text, bigint, integer).
 */
export const migration0002Minting: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mint_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('amount_wei', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('ref', 'text')
      .addColumn('brand_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('batch_id', 'text')
      .addColumn('tx_hash', 'text')
      .addColumn('block_number', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('confirmed_at', 'bigint')
      .execute()
    await db.schema
      .createIndex('mint_jobs_status_created_idx')
      .on('mint_jobs')
      .columns(['status', 'created_at', 'id'])
      .execute()
    await db.schema.createIndex('mint_jobs_batch_id_idx').on('mint_jobs').column('batch_id').execute()

    await db.schema
      .createTable('mint_batches')
      .addColumn('batch_id', 'text', (c) => c.primaryKey())
      .addColumn('chain_id', 'bigint', (c) => c.notNull())
      .addColumn('signer', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('job_count', 'integer', (c) => c.notNull())
      .addColumn('total_wei', 'text', (c) => c.notNull())
      .addColumn('nonce', 'bigint')
      .addColumn('tx_hash', 'text')
      .addColumn('block_number', 'bigint')
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('sent_block', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('confirmed_at', 'bigint')
      .execute()
    await db.schema
      .createIndex('mint_batches_open_idx')
      .on('mint_batches')
      .columns(['chain_id', 'signer', 'status'])
      .execute()

    await db.schema
      .createTable('mint_transactions')
      .addColumn('tx_hash', 'text', (c) => c.primaryKey())
      .addColumn('batch_id', 'text', (c) => c.notNull())
      .addColumn('chain_id', 'bigint', (c) => c.notNull())
      .addColumn('signer', 'text', (c) => c.notNull())
      .addColumn('nonce', 'bigint', (c) => c.notNull())
      .addColumn('raw', 'text')
      .addColumn('gas_limit', 'text', (c) => c.notNull())
      .addColumn('max_fee_per_gas', 'text', (c) => c.notNull())
      .addColumn('max_priority_fee_per_gas', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .execute()
    await db.schema.createIndex('mint_transactions_batch_id_idx').on('mint_transactions').column('batch_id').execute()

    await db.schema
      .createTable('signer_nonces')
      .addColumn('chain_id', 'bigint', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('next_nonce', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('signer_nonces_pk', ['chain_id', 'address'])
      .execute()

    await db.schema
      .createTable('released_nonces')
      .addColumn('chain_id', 'bigint', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('nonce', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('released_nonces_pk', ['chain_id', 'address', 'nonce'])
      .execute()

    await db.schema
      .createTable('leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('fence', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('chain_journal')
      .addColumn('chain_key', 'text', (c) => c.notNull())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('tx_hash', 'text')
      .addColumn('block_number', 'bigint')
      .addColumn('block_timestamp', 'bigint')
      .addColumn('state_root', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('chain_journal_pk', ['chain_key', 'seq'])
      .execute()
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'chain_journal',
      'leases',
      'released_nonces',
      'signer_nonces',
      'mint_transactions',
      'mint_batches',
      'mint_jobs',
    ]) {
      await db.schema.dropTable(table).ifExists().execute()
    }
  },
}
