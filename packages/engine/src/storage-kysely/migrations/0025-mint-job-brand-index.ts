import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * A brand's mint jobs newest first (the admin pipeline view, docs/admin-api.md#pipeline): its last
 * batches without reading the other brands' jobs.
 */
export const migration0025MintJobBrandIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('mint_jobs_brand_created_idx')
      .on('mint_jobs')
      .columns(['brand_id', 'created_at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('mint_jobs_brand_created_idx').ifExists().execute()
  },
}
