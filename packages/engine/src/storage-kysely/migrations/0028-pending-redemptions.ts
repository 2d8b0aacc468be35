import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Pending redemptions (docs/perks.md "Redemption states"): a member's perk redemption recorded before
 * its claim is signed, settled from the chain. An idempotency key is held by one row not `failed`
 * (partial unique index, both dialects); the pending ones by age (recovery); the relayer's
 * transactions by nonce (a claim's replacements share its nonce).
 */
export const migration0028PendingRedemptions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pending_redemptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('perk_id', 'text', (c) => c.notNull())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('collection_id', 'text', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('user_key', 'text')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('agent_key_id', 'text')
      .addColumn('idempotency_scope', 'text')
      .addColumn('idempotency_key', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('chain_id', 'integer')
      .addColumn('signer', 'text')
      .addColumn('nonce', 'bigint')
      .addColumn('transaction_hash', 'text')
      .addColumn('redemption_id', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await sql`create unique index pending_redemptions_idempotency_key on pending_redemptions (idempotency_scope, idempotency_key) where state <> 'failed'`.execute(
      db,
    )
    await db.schema
      .createIndex('pending_redemptions_state_idx')
      .on('pending_redemptions')
      .columns(['state', 'created_at'])
      .execute()
    await db.schema
      .createIndex('relay_transactions_nonce_idx')
      .on('relay_transactions')
      .columns(['chain_id', 'signer', 'nonce'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('relay_transactions_nonce_idx').ifExists().execute()
    await db.schema.dropTable('pending_redemptions').ifExists().execute()
  },
}
