import type { Kysely, Selectable, Updateable } from 'kysely'
import { ConflictError, NotFoundError } from '../errors/common-errors'
import type { Brand, BrandCategory, BrandStore } from '../ports/brand-store'
import type { BrandsTable } from './core-tables'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

function toBrand(row: Selectable<BrandsTable>): Brand {
  return {
    id: row.id,
    name: row.name,
    websites: JSON.parse(row.websites) as string[],
    createdAt: Number(row.created_at),
    category: row.category as BrandCategory | null,
    description: row.description,
    contactEmail: row.contact_email,
    onboardedByAgentKeyId: row.onboarded_by_agent_key_id,
    updatedAt: Number(row.updated_at ?? row.created_at),
  }
}

const notFound = (id: string) => new NotFoundError(`Brand ${id} not found`, 'BRAND_NOT_FOUND', { brandId: id })

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
          category: brand.category ?? null,
          description: brand.description ?? null,
          contact_email: brand.contactEmail ?? null,
          onboarded_by_agent_key_id: brand.onboardedByAgentKeyId ?? null,
          updated_at: brand.updatedAt ?? brand.createdAt,
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
      if (!updated) throw notFound(id)
    },

    async updateProfile(id, patch, updatedAt) {
      const set: Updateable<BrandsTable> = { updated_at: updatedAt }
      if (patch.name !== undefined) set.name = patch.name
      if (patch.category !== undefined) set.category = patch.category
      if (patch.description !== undefined) set.description = patch.description
      if (patch.contactEmail !== undefined) set.contact_email = patch.contactEmail
      const row = await db.updateTable('brands').set(set).where('id', '=', id).returningAll().executeTakeFirst()
      if (!row) throw notFound(id)
      return toBrand(row)
    },
  }
}
