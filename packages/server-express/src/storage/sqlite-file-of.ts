import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ConfigError } from '@loyaltykit/engine'

/** The SQLite file in the data folder when DATABASE_URL is unset. */
export const DEFAULT_SQLITE_FILE = 'loyaltykit.db'

/**
 * The SQLite file a DATABASE_URL names: unset or empty → `<dataDir>/loyaltykit.db`; `sqlite:<path>`
 * or `file:<path>` → that path (relative to the working directory; `:memory:` as is); a `file://`
 * URL → its path. `undefined` for PostgreSQL (`postgres://`, `postgresql://`). Throws ConfigError for
 * anything else; never echoes the URL (it may hold a password).
 */
export function sqliteFileOf(databaseUrl: string | undefined, dataDir: string): string | undefined {
  const url = databaseUrl?.trim()
  if (!url) return join(dataDir, DEFAULT_SQLITE_FILE)
  if (/^postgres(ql)?:/i.test(url)) return undefined
  if (/^file:\/\//i.test(url)) {
    try {
      return fileURLToPath(url)
    } catch {
      throw new ConfigError('DATABASE_URL is not a valid file:// URL')
    }
  }
  const sqlitePath = /^(sqlite|file):(.+)$/i.exec(url)?.[2]
  if (sqlitePath === ':memory:') return sqlitePath
  if (sqlitePath) return resolve(sqlitePath.replace(/^\/\/(?=\/)/, ''))
  throw new ConfigError(
    'DATABASE_URL must be a postgres:// (or postgresql://) URL, or sqlite:<path> / file:<path>; unset means SQLite in the data folder',
  )
}
