import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { ConfigError, type Logger, type Storage } from '@loyaltykit/engine'
import { createKyselyStorage, type Database, SqliteImmediateDialect } from '@loyaltykit/engine/storage-kysely'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { countSqliteConnection } from './count-sqlite-connection'
import { openSqliteDatabase } from './open-sqlite-database'
import { pgTypes } from './pg-types'
import type { PoolStats } from './pool-stats'
import { sqliteFileOf } from './sqlite-file-of'

export type OpenStorageParameters = {
  /**
   * `postgres://…` or `postgresql://…` → PostgreSQL. `sqlite:<path>` or `file:<path>` → that SQLite
   * file (relative to the working directory; `sqlite::memory:` for a private in-memory database).
   * Unset or empty → SQLite file `<dataDir>/loyaltykit.db`.
   */
  databaseUrl?: string | undefined
  /** The data folder; holds the default SQLite file (folders are created as needed). */
  dataDir: string
  logger?: Pick<Logger, 'info' | 'error'> | undefined
  /** PostgreSQL pool size (default 10). */
  poolSize?: number | undefined
}

/** The Storage of this process, and its connections for the pool gauges (docs/operations.md). */
export type OpenedStorage = Storage & { poolStats(): PoolStats }

/**
 * Opens the Storage a loyaltykit process uses (not migrated: call `storage.migrate()`). Throws
 * ConfigError for a malformed or unsupported DATABASE_URL (`sqliteFileOf`); never echoes the URL (it
 * may hold a password).
 *
 * SQLite: several processes may share the file, but open it once per process: two connections in
 * one thread wait on each other's write lock synchronously (busy_timeout, then SQLITE_BUSY).
 */
export async function openStorage(p: OpenStorageParameters): Promise<OpenedStorage> {
  const file = sqliteFileOf(p.databaseUrl, p.dataDir)
  return file === undefined ? openPostgres(p.databaseUrl?.trim() ?? '', p) : openSqlite(file, p)
}

function openSqlite(file: string, p: OpenStorageParameters): OpenedStorage {
  let sqlite: ReturnType<typeof openSqliteDatabase>
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
    sqlite = openSqliteDatabase(file)
  } catch (e) {
    throw new ConfigError(`Cannot open the SQLite database ${file}: ${(e as Error).message}`, { file })
  }
  p.logger?.info({ dialect: 'sqlite', file }, 'storage opened')
  const counted = countSqliteConnection(new SqliteImmediateDialect({ database: sqlite }))
  const db = new Kysely<Database>({ dialect: counted.dialect })
  return Object.assign(createKyselyStorage(db, { dialect: 'sqlite' }), { poolStats: counted.stats })
}

function openPostgres(url: string, p: OpenStorageParameters): OpenedStorage {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ConfigError('DATABASE_URL is not a valid URL (expected postgres://user:password@host:5432/database)')
  }
  if (parsed.hostname === '' && !parsed.searchParams.has('host')) {
    throw new ConfigError('DATABASE_URL names no host (expected postgres://user:password@host:5432/database)')
  }
  const max = p.poolSize ?? 10
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    application_name: 'loyaltykit',
    types: pgTypes,
  })
  // A client losing its connection emits 'error'; without a listener the process would crash. The
  // pool listens on idle clients only, so every client also gets its own listener for the time it is
  // checked out (between two queries of a transaction, say); the pool then discards the broken client.
  const lost = (err: Error) => p.logger?.error({ err: err.message }, 'PostgreSQL connection lost')
  pool.on('error', lost)
  pool.on('connect', (client) => client.on('error', lost))
  p.logger?.info(
    { dialect: 'postgres', host: parsed.hostname, port: parsed.port || '5432', database: parsed.pathname.slice(1) },
    'storage opened',
  )
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  const poolStats = (): PoolStats => ({
    dialect: 'postgres',
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max,
  })
  return Object.assign(createKyselyStorage(db, { dialect: 'postgres' }), { poolStats })
}
