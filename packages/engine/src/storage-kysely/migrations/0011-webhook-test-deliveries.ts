import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Test deliveries (`loyaltykit webhook trigger`, src/webhooks/trigger-webhook.ts) in the delivery log:
 * `test` 1 marks them. They have no mint job: their `mint_job_id` is '' (the column stays NOT NULL, as
 * SQLite cannot relax it in place) and their `payload` is the whole body that was sent.
 */
export const migration0011WebhookTestDeliveries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('webhook_deliveries')
      .addColumn('test', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('webhook_deliveries').dropColumn('test').execute()
  },
}
