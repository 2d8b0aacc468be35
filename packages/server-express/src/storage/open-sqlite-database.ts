import BetterSqlite3 from 'better-sqlite3'

/** How long a connection waits for another process's write lock before SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000

/**
 * Opens a SQLite file for loyaltykit: WAL (readers never block the writer), `busy_timeout` (several
 * processes may share the file: server and CLI), `synchronous=NORMAL` (safe with WAL, faster
 * commits) and foreign keys on. Pair it with SqliteImmediateDialect.
 */
export function openSqliteDatabase(file: string): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(file, { timeout: SQLITE_BUSY_TIMEOUT_MS })
  try {
    sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`)
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('synchronous = NORMAL')
    sqlite.pragma('foreign_keys = ON')
    return sqlite
  } catch (e) {
    sqlite.close()
    throw e
  }
}
