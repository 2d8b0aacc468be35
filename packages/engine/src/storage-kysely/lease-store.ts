import type { Kysely } from 'kysely'
import type { LeaseStore } from '../ports/lease-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

export function createLeaseStore(db: Kysely<Database>, _dialect: SqlDialect): LeaseStore {
  const get = async (name: string) => {
    const row = await db.selectFrom('leases').selectAll().where('name', '=', name).executeTakeFirst()
    return row && { name: row.name, holder: row.holder, fence: Number(row.fence), expiresAt: Number(row.expires_at) }
  }

  return {
    get,

    async acquire({ name, holder, ttlMs, now }) {
      const expiresAt = now + ttlMs
      const inserted = await db
        .insertInto('leases')
        .values({ name, holder, fence: 1, expires_at: expiresAt, updated_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('fence')
        .executeTakeFirst()
      if (inserted) return { acquired: true, fence: Number(inserted.fence), expiresAt }
      const current = await get(name)
      if (!current) return { acquired: false, holder: '', expiresAt: now }
      if (current.holder === holder && current.expiresAt > now) {
        // Still ours: extend, keeping the fence (compare-and-set on it).
        const kept = await db
          .updateTable('leases')
          .set({ expires_at: expiresAt, updated_at: now })
          .where('name', '=', name)
          .where('fence', '=', current.fence)
          .where('holder', '=', holder)
          .executeTakeFirst()
        if (kept.numUpdatedRows === 1n) return { acquired: true, fence: current.fence, expiresAt }
        const after = await get(name)
        return { acquired: false, holder: after?.holder ?? '', expiresAt: after?.expiresAt ?? now }
      }
      if (current.expiresAt > now) return { acquired: false, holder: current.holder, expiresAt: current.expiresAt }
      // Expired: take it over with a new fence. Compare-and-set on the fence, so of concurrent
      // takers exactly one updates the row.
      const taken = await db
        .updateTable('leases')
        .set({ holder, fence: current.fence + 1, expires_at: expiresAt, updated_at: now })
        .where('name', '=', name)
        .where('fence', '=', current.fence)
        .where('expires_at', '<=', now)
        .executeTakeFirst()
      if (taken.numUpdatedRows === 1n) return { acquired: true, fence: current.fence + 1, expiresAt }
      const after = await get(name)
      return { acquired: false, holder: after?.holder ?? '', expiresAt: after?.expiresAt ?? now }
    },

    async renew({ name, holder, fence, ttlMs, now }) {
      const result = await db
        .updateTable('leases')
        .set({ expires_at: now + ttlMs, updated_at: now })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .where('fence', '=', fence)
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },

    async release({ name, holder, fence }) {
      await db
        .updateTable('leases')
        .set({ expires_at: 0 })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .where('fence', '=', fence)
        .execute()
    },
  }
}
