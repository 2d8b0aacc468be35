import type { Kysely, Selectable } from 'kysely'
import type { ConstraintCacheEntry, ConstraintStore, PerkConstraint } from '../ports/constraint-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import type { ConstraintCacheTable, PerkConstraintsTable } from './identity-tables'

function toConstraint(row: Selectable<PerkConstraintsTable>): PerkConstraint {
  return {
    collectionId: Number(row.collection_id),
    brandId: row.brand_id,
    kind: 'external_api',
    apiUrl: row.api_url,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  }
}

function toEntry(row: Selectable<ConstraintCacheTable>): ConstraintCacheEntry {
  return {
    apiUrl: row.api_url,
    userAddress: row.user_address,
    collectionId: Number(row.collection_id),
    brandId: row.brand_id,
    allowed: row.allowed === 1,
    reason: row.reason,
    checkedAt: Number(row.checked_at),
    expiresAt: Number(row.expires_at),
  }
}

export function createConstraintStore(db: Kysely<Database>, _dialect: SqlDialect): ConstraintStore {
  return {
    async putConstraint(c) {
      await db
        .insertInto('perk_constraints')
        .values({
          collection_id: c.collectionId,
          brand_id: c.brandId,
          kind: c.kind,
          api_url: c.apiUrl,
          created_at: c.createdAt,
          updated_at: c.updatedAt,
        })
        .onConflict((oc) =>
          oc.column('collection_id').doUpdateSet((eb) => ({
            brand_id: eb.ref('excluded.brand_id'),
            kind: eb.ref('excluded.kind'),
            api_url: eb.ref('excluded.api_url'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute()
    },

    async getConstraint(collectionId) {
      const row = await db
        .selectFrom('perk_constraints')
        .selectAll()
        .where('collection_id', '=', collectionId)
        .executeTakeFirst()
      return row && toConstraint(row)
    },

    async deleteConstraint(collectionId) {
      const deleted = await db
        .deleteFrom('perk_constraints')
        .where('collection_id', '=', collectionId)
        .returning('collection_id')
        .executeTakeFirst()
      await db.deleteFrom('constraint_cache').where('collection_id', '=', collectionId).execute()
      return deleted !== undefined
    },

    async listConstraints(brandId) {
      const rows = await db
        .selectFrom('perk_constraints')
        .selectAll()
        .where('brand_id', '=', brandId)
        .orderBy('collection_id')
        .execute()
      return rows.map(toConstraint)
    },

    async getCached({ apiUrl, userAddress, collectionId, now }) {
      const row = await db
        .selectFrom('constraint_cache')
        .selectAll()
        .where('api_url', '=', apiUrl)
        .where('user_address', '=', userAddress.toLowerCase())
        .where('collection_id', '=', collectionId)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      return row && toEntry(row)
    },

    async putCached(e) {
      const values = {
        brand_id: e.brandId,
        allowed: e.allowed ? 1 : 0,
        reason: e.reason,
        checked_at: e.checkedAt,
        expires_at: e.expiresAt,
      }
      await db
        .insertInto('constraint_cache')
        .values({
          api_url: e.apiUrl,
          user_address: e.userAddress.toLowerCase(),
          collection_id: e.collectionId,
          ...values,
        })
        .onConflict((oc) => oc.columns(['api_url', 'user_address', 'collection_id']).doUpdateSet(values))
        .execute()
    },

    async invalidate({ apiUrl, userAddress, collectionId, brandId, now }) {
      let q = db.deleteFrom('constraint_cache').where('api_url', '=', apiUrl)
      if (userAddress !== undefined) q = q.where('user_address', '=', userAddress.toLowerCase())
      if (collectionId !== undefined) q = q.where('collection_id', '=', collectionId)
      if (brandId !== undefined) q = q.where('brand_id', '=', brandId)
      const deleted = await q.returning('expires_at').execute()
      return deleted.filter((r) => Number(r.expires_at) > now).length
    },
  }
}
