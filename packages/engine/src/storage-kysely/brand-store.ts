import type { Kysely, Selectable } from 'kysely'
import { ConflictError, NotFoundError } from '../errors/common-errors'
import type { Brand, BrandStore } from '../ports/brand-store'
import type { BrandsTable } from './core-tables'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

function toBrand(row: Selectable<BrandsTable>): Brand {
  return {
    id: row.id,
    name: row.name,
    websites: JSON.parse(row.websites) as string[],
    createdAt: Number(row.created_at),
  }
}

export function createBrandStore(db: Kysely<Database>, _dialect: SqlDialect): BrandStore {
  return {
    async create(brand) {
      const inserted = await db
        .insertInto('brands')
        .values({
          id: brand.id,
          name: brand.name,
          websites: JSON.stringify(brand.websites),
          created_at: brand.createdAt,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst()
      if (!inserted) throw new ConflictError(`Brand ${brand.id} already exists`, 'BRAND_EXISTS', { brandId: brand.id })
    },

    async get(id) {
      const row = await db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst()
      return row && toBrand(row)
    },

    async list() {
      const rows = await db.selectFrom('brands').selectAll().orderBy('created_at').orderBy('id').execute()
      return rows.map(toBrand)
    },

    async updateWebsites(id, websites) {
      const updated = await db
        .updateTable('brands')
        .set({ websites: JSON.stringify(websites) })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst()
      if (!updated) throw new NotFoundError(`Brand ${id} not found`, 'BRAND_NOT_FOUND', { brandId: id })
    },
  }
}
