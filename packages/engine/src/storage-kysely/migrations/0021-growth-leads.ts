import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Leads of businesses asking to join the network (agent API `request_info`, docs/agent-api.md #19):
 * one row per (contact email, website host), the unique index that deduplicates them.
 */
export const migration0021GrowthLeads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('growth_leads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('business_name', 'text', (c) => c.notNull())
      .addColumn('contact_email', 'text', (c) => c.notNull())
      .addColumn('website', 'text')
      .addColumn('website_host', 'text', (c) => c.notNull())
      .addColumn('industry', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('growth_leads_email_host_idx')
      .on('growth_leads')
      .columns(['contact_email', 'website_host'])
      .unique()
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('growth_leads').ifExists().execute()
  },
}
