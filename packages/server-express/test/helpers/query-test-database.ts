import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { DEFAULT_SQLITE_FILE } from '../../src/storage/sqlite-file-of'
import type { TestDatabase } from './test-databases'

/**
 * Runs one SQL statement on a test database through its own connection, beside the server's (a
 * second SQLite connection to the same file, or a PostgreSQL client). `?` placeholders on both
 * dialects. Answers the rows (none for statements without a result).
 */
export async function queryTestDatabase<T = Record<string, unknown>>(
  db: TestDatabase,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (db.databaseUrl === undefined) {
    const sqlite = new Database(join(db.dataDir, DEFAULT_SQLITE_FILE))
    try {
      const statement = sqlite.prepare(sql)
      if (statement.reader) return statement.all(...params) as T[]
      statement.run(...params)
      return []
    } finally {
      sqlite.close()
    }
  }
  const client = new pg.Client({ connectionString: db.databaseUrl })
  await client.connect()
  try {
    let n = 0
    // Without parameters: the simple protocol, which allows several statements (a function and its trigger).
    const text = sql.replace(/\?/g, () => `$${++n}`)
    const result = params.length > 0 ? await client.query(text, params) : await client.query(text)
    return result.rows as T[]
  } finally {
    await client.end()
  }
}
