import { join } from 'node:path'
import { type Database, SqliteImmediateDialect } from '@loyaltykit/engine/storage-kysely'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { openSqliteDatabase } from '../../src/storage/open-sqlite-database'
import { pgTypes } from '../../src/storage/pg-types'
import { DEFAULT_SQLITE_FILE } from '../../src/storage/sqlite-file-of'

/**
 * A kysely handle on a benchmark's database, wired as the server wires its storage (same SQLite
 * pragmas, same pg type parsers), for what the Storage port does not offer: bulk inserts of
 * preloaded rows and the figures read back after a run. SQLite: open it only while no Storage of
 * this process has the file open.
 */
export function openBenchKysely(p: { databaseUrl: string | undefined; dataDir: string }): Kysely<Database> {
  if (!p.databaseUrl) {
    const sqlite = openSqliteDatabase(join(p.dataDir, DEFAULT_SQLITE_FILE))
    // This connection's page cache only (the server's is untouched): the preload's random-key
    // inserts into million-row indexes stay in memory.
    sqlite.pragma('cache_size = -262144')
    return new Kysely<Database>({ dialect: new SqliteImmediateDialect({ database: sqlite }) })
  }
  const pool = new pg.Pool({ connectionString: p.databaseUrl, max: 4, types: pgTypes })
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}
