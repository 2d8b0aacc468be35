import type { Kysely, Selectable, Updateable } from 'kysely'
import type { PerkRecord, PerkStore } from '../ports/perk-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import type { PerksTable } from './relay-tables'

function toRecord(row: Selectable<PerksTable>): PerkRecord {
  return {
    id: row.id,
    collectionId: Number(row.collection_id),
    brandId: row.brand_id,
    name: row.name,
    description: row.description,
    category: row.category,
    price: row.price,
    maxSupply: Number(row.max_supply),
    maxPerUser: Number(row.max_per_user),
    charges: Number(row.charges),
    transactionHash: row.transaction_hash,
    blockNumber: Number(row.block_number),
    createdAt: Number(row.created_at),
    isActive: Number(row.is_active) === 1,
    tags: JSON.parse(row.tags) as string[],
    discountCode: row.discount_code,
    updatedAt: Number(row.updated_at ?? row.created_at),
  }
}

export function createPerkStore(db: Kysely<Database>, _dialect: SqlDialect): PerkStore {
  return {
    async create(perk) {
      await db
        .insertInto('perks')
        .values({
          id: perk.id,
          collection_id: perk.collectionId,
          brand_id: perk.brandId,
          name: perk.name,
          description: perk.description,
          category: perk.category,
          price: perk.price,
          max_supply: perk.maxSupply,
          max_per_user: perk.maxPerUser,
          charges: perk.charges,
          transaction_hash: perk.transactionHash,
          block_number: perk.blockNumber,
          created_at: perk.createdAt,
          is_active: perk.isActive ? 1 : 0,
          tags: JSON.stringify(perk.tags),
          discount_code: perk.discountCode,
          updated_at: perk.updatedAt,
        })
        .execute()
    },

    async getByCollectionId(collectionId) {
      const row = await db.selectFrom('perks').selectAll().where('collection_id', '=', collectionId).executeTakeFirst()
      return row && toRecord(row)
    },

    async get(id) {
      const row = await db.selectFrom('perks').selectAll().where('id', '=', id).executeTakeFirst()
      return row && toRecord(row)
    },

    async listForBrand(brandId) {
      const rows = await db
        .selectFrom('perks')
        .selectAll()
        .where('brand_id', '=', brandId)
        .orderBy('created_at')
        .orderBy('collection_id')
        .execute()
      return rows.map(toRecord)
    },

    async list() {
      const rows = await db.selectFrom('perks').selectAll().orderBy('created_at').orderBy('collection_id').execute()
      return rows.map(toRecord)
    },

    async update(id, patch, updatedAt) {
      const set: Updateable<PerksTable> = { updated_at: updatedAt }
      if (patch.price !== undefined) set.price = patch.price
      if (patch.isActive !== undefined) set.is_active = patch.isActive ? 1 : 0
      if (patch.description !== undefined) set.description = patch.description
      if (patch.tags !== undefined) set.tags = JSON.stringify(patch.tags)
      if (patch.discountCode !== undefined) set.discount_code = patch.discountCode
      const row = await db.updateTable('perks').set(set).where('id', '=', id).returningAll().executeTakeFirst()
      return row && toRecord(row)
    },
  }
}
