import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Points-sale items listed through the engine (src/points-sale): name, description and category,
 * which the PointsSale contract does not hold, keyed by the contract and its item id. docs/points-sale.md.
 */
export const migration0012PointsSale: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('points_sale_items')
      .addColumn('contract', 'text', (c) => c.notNull())
      .addColumn('item_id', 'bigint', (c) => c.notNull())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('category', 'text')
      .addColumn('transaction_hash', 'text', (c) => c.notNull())
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('points_sale_items_pk', ['contract', 'item_id'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('points_sale_items').ifExists().execute()
  },
}
