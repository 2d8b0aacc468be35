import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import pg from 'pg'
import { DEFAULT_SQLITE_FILE } from '../../src/storage/open-storage'
import type { TestDatabase } from './test-databases'

export type IdempotencyRow = {
  scope: string
  state: string
  response_status: number | null
  completed_at: number | string | null
  expires_at: number | string
}

/**
 * The `idempotency_keys` row of `key` as the database holds it, read on a connection of its own (as
 * another process would see it); undefined when there is none.
 */
export async function idempotencyRow(db: TestDatabase, key: string): Promise<IdempotencyRow | undefined> {
  const query = 'select scope, state, response_status, completed_at, expires_at from idempotency_keys where key = '
  if (db.databaseUrl) {
    const client = new pg.Client({ connectionString: db.databaseUrl })
    await client.connect()
    try {
      return (await client.query<IdempotencyRow>(`${query}$1`, [key])).rows[0]
    } finally {
      await client.end()
    }
  }
  const sqlite = new BetterSqlite3(join(db.dataDir, DEFAULT_SQLITE_FILE), { readonly: true, fileMustExist: true })
  try {
    return sqlite.prepare(`${query}?`).get(key) as IdempotencyRow | undefined
  } finally {
    sqlite.close()
  }
}
