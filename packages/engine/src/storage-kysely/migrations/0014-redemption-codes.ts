import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Confirmation codes of perk claims (docs/ledger.md#confirmation-codes): the code a redemption hands
 * the user, and the claim it names, so a proof of redemption can be found by either. The primary
 * key finds a code; the unique (collection_id, token_id) gives a claim at most one.
 */
export const migration0014RedemptionCodes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('redemption_codes')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('collection_id', 'text', (c) => c.notNull())
      .addColumn('token_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('redemption_codes_claim_key', ['collection_id', 'token_id'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('redemption_codes').ifExists().execute()
  },
}
