import type { Kysely } from 'kysely'
import type { SettingsStore } from '../ports/settings-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

export function createSettingsStore(db: Kysely<Database>, _dialect: SqlDialect): SettingsStore {
  const get = async (key: string) => {
    const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
    return row?.value
  }

  return {
    get,

    async set(key, value) {
      await db
        .insertInto('settings')
        .values({ key, value, updated_at: Date.now() })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            value: eb.ref('excluded.value'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute()
    },

    async setIfAbsent(key, value) {
      const inserted = await db
        .insertInto('settings')
        .values({ key, value, updated_at: Date.now() })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('value')
        .executeTakeFirst()
      if (inserted) return inserted.value
      const stored = await get(key)
      if (stored === undefined) throw new Error(`setting ${key} vanished between insert and select`)
      return stored
    },
  }
}
