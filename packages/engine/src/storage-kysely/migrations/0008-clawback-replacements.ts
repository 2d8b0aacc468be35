import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Clawback transactions stuck in an RPC node's pool are replaced with higher fees (same nonce):
 * the hashes of the attempts replaced (JSON array, polled until one of the attempts is mined) and
 * when the current attempt was signed. docs/payments.md.
 */
export const migration0008ClawbackReplacements: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('refund_clawbacks')
      .addColumn('replaced_tx_hashes', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute()
    await db.schema.alterTable('refund_clawbacks').addColumn('signed_at', 'bigint').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('refund_clawbacks').dropColumn('signed_at').execute()
    await db.schema.alterTable('refund_clawbacks').dropColumn('replaced_tx_hashes').execute()
  },
}
