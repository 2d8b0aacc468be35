import type { Storage } from '@loyaltykit/engine'
import type { FreshDatabase } from './test-databases'

/**
 * Another connection to the suite's database, for concurrency cases (read inside a test).
 * PostgreSQL: a second pool, like another process. SQLite: better-sqlite3 blocks the thread while it
 * waits for a lock, so two connections of one process would deadlock; the same storage still runs
 * the calls concurrently (kysely serialises them on its connection).
 */
export async function secondConnection(t: { readonly storage: Storage; readonly database: FreshDatabase }) {
  return t.database.dialect === 'postgres' ? t.database.connect() : t.storage
}
