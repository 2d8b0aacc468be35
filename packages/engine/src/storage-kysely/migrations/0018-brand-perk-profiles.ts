import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * What the agent API shows of brands and perks (docs/agent-api.md#storage): a brand's category
 * (`retail|dining|travel|gaming|other`), description, contact email, the agent key that onboarded it
 * and when it last changed; a perk's active flag (mirrors the PerkCollection's `setActive`), tags,
 * discount code and when it last changed. Existing rows: `updated_at` = `created_at`, perks active
 * (collections are created active).
 */
export const migration0018BrandPerkProfiles: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['category', 'description', 'contact_email', 'onboarded_by_agent_key_id']) {
      await db.schema.alterTable('brands').addColumn(column, 'text').execute()
    }
    await db.schema.alterTable('brands').addColumn('updated_at', 'bigint').execute()
    await sql`UPDATE brands SET updated_at = created_at`.execute(db)
    await db.schema
      .alterTable('perks')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    await db.schema
      .alterTable('perks')
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute()
    await db.schema.alterTable('perks').addColumn('discount_code', 'text').execute()
    await db.schema.alterTable('perks').addColumn('updated_at', 'bigint').execute()
    await sql`UPDATE perks SET updated_at = created_at`.execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['updated_at', 'discount_code', 'tags', 'is_active']) {
      await db.schema.alterTable('perks').dropColumn(column).execute()
    }
    for (const column of ['updated_at', 'onboarded_by_agent_key_id', 'contact_email', 'description', 'category']) {
      await db.schema.alterTable('brands').dropColumn(column).execute()
    }
  },
}
