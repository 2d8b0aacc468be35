import { Kysely, type SqliteDatabase } from 'kysely'
import type { Storage } from '../ports/storage'
import { createKyselyStorage } from './create-kysely-storage'
import type { Database } from './database'
import { SqliteImmediateDialect } from './sqlite-immediate-dialect'

/**
 * The Storage of one SQLite database: pass a better-sqlite3 `Database` (typed as the two methods kysely
 * calls, so the engine never imports better-sqlite3). Not migrated: call `storage.migrate()`. Open a
 * file once per process; several processes may share it (`SqliteImmediateDialect`), best with
 * `journal_mode = WAL` and a `busy_timeout`, as the server sets them.
 */
export function createSqliteStorage(database: SqliteDatabase): Storage {
  const db = new Kysely<Database>({ dialect: new SqliteImmediateDialect({ database }) })
  return createKyselyStorage(db, { dialect: 'sqlite' })
}
