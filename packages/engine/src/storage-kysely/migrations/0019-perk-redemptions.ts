import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Perk redemptions the server makes for members (agent API `redeem_perk`, the site plugin's redeem):
 * the app data beside the ledger's `redemption` entries (docs/ledger.md "Redemptions"), keyed by the
 * claim (`id` = `<collectionId>:<tokenId>`, the ledger's source id). Unique idempotency key per scope
 * (NULLs are distinct in both dialects); a member's, a brand's and a perk's redemptions by time.
 */
export const migration0019PerkRedemptions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('perk_redemptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('collection_id', 'text', (c) => c.notNull())
      .addColumn('token_id', 'text', (c) => c.notNull())
      .addColumn('perk_id', 'text', (c) => c.notNull())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('user_key', 'text')
      .addColumn('price', 'text', (c) => c.notNull())
      .addColumn('new_balance', 'text', (c) => c.notNull())
      .addColumn('transaction_hash', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('agent_key_id', 'text')
      .addColumn('idempotency_scope', 'text')
      .addColumn('idempotency_key', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('perk_redemptions_idempotency_key', ['idempotency_scope', 'idempotency_key'])
      .execute()
    const index = (name: string) => db.schema.createIndex(name).on('perk_redemptions')
    await index('perk_redemptions_wallet_idx').columns(['wallet_address', 'created_at']).execute()
    await index('perk_redemptions_brand_idx').columns(['brand_id', 'created_at']).execute()
    await index('perk_redemptions_perk_idx').columns(['perk_id', 'created_at']).execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('perk_redemptions').ifExists().execute()
  },
}
