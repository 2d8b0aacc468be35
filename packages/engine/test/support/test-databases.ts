/**
 * Fresh, migrated databases for tests, on every dialect available here. Use it like this:
 *
 *   import { describe, expect, it } from 'vitest'
 *   import { testDatabases, useTestStorage } from './support/test-databases'
 *
 *   describe.each(testDatabases())('wallets on $dialect', (db) => {
 *     const t = useTestStorage(db) // a fresh database for this describe block, dropped after it
 *     it('stores a wallet', async () => {
 *       await t.storage.wallets.insertIfAbsent(…)        // t.storage: the Storage under test
 *       await t.database.db.selectFrom('wallets')…       // t.database.db: raw kysely, for assertions
 *     })
 *   })
 *
 * - SQLite always: a temp file, opened like the server opens it (WAL, busy_timeout, foreign keys,
 *   SqliteImmediateDialect); the folder is deleted by `destroy()`.
 * - PostgreSQL only when DATABASE_URL is set: `create()` makes a database `lk_<random>` on that server
 *   and `destroy()` drops it, so suites (and files) can run in parallel. int8 parses as a JS number.
 * - `db.create({ migrate: false })` gives an empty database; `database.connect()` opens a second
 *   Storage on the same database (own connection/pool), like a second process would.
 * - For an EngineContext over a storage, see `createTestContext` in ./test-context.
 *
 * SQLite note: a Storage has one connection; inside `storage.transaction(tx => …)` use `tx`, never
 * `storage`, or the call waits for the transaction itself.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Storage } from '@loyaltykit/engine'
import { createKyselyStorage, type Database, SqliteImmediateDialect } from '@loyaltykit/engine/storage-kysely'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'

type TestDialect = 'sqlite' | 'postgres'

export interface TestDatabase {
  readonly dialect: TestDialect
  /** A new database of its own; migrations applied unless `migrate: false`. */
  create(options?: { migrate?: boolean }): Promise<FreshDatabase>
}

export interface FreshDatabase {
  readonly dialect: TestDialect
  readonly storage: Storage
  /** Raw kysely over the same connection as `storage`, for assertions the stores do not offer. */
  readonly db: Kysely<Database>
  /** Another Storage on the same database with its own connection (pool), like another process. */
  connect(): Promise<Storage>
  /** Closes every storage opened here and deletes the database. */
  destroy(): Promise<void>
}

/** SQLite always; PostgreSQL too when DATABASE_URL is set. Made for `describe.each(testDatabases())`. */
export function testDatabases(): TestDatabase[] {
  const databases: TestDatabase[] = [{ dialect: 'sqlite', create: createSqliteDatabase }]
  const url = process.env.DATABASE_URL
  if (url) databases.push({ dialect: 'postgres', create: (options) => createPostgresDatabase(url, options) })
  return databases
}

/** Registers beforeAll/afterAll for one fresh database; read `storage`/`database` inside tests. */
export function useTestStorage(
  db: TestDatabase,
  options?: { migrate?: boolean },
): { readonly storage: Storage; readonly database: FreshDatabase } {
  let database: FreshDatabase | undefined
  beforeAll(async () => {
    database = await db.create(options)
  })
  afterAll(async () => {
    await database?.destroy()
  })
  const current = () => {
    if (!database) throw new Error('useTestStorage: the database is created in beforeAll; read it inside a test')
    return database
  }
  return {
    get storage() {
      return current().storage
    },
    get database() {
      return current()
    },
  }
}

async function finish(
  dialect: TestDialect,
  open: () => Kysely<Database>,
  drop: () => Promise<void>,
  options: { migrate?: boolean } | undefined,
): Promise<FreshDatabase> {
  const opened: Storage[] = []
  const connect = async () => {
    const storage = createKyselyStorage(open(), { dialect })
    opened.push(storage)
    return storage
  }
  const db = open()
  const storage = createKyselyStorage(db, { dialect })
  opened.push(storage)
  if (options?.migrate !== false) await storage.migrate()
  return {
    dialect,
    storage,
    db,
    connect,
    async destroy() {
      await Promise.allSettled(opened.map((s) => s.close()))
      await drop()
    },
  }
}

async function createSqliteDatabase(options?: { migrate?: boolean }): Promise<FreshDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'lk-test-'))
  const file = join(dir, 'loyaltykit.db')
  const open = () => {
    const sqlite = new BetterSqlite3(file, { timeout: 5000 })
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('busy_timeout = 5000')
    sqlite.pragma('synchronous = NORMAL')
    sqlite.pragma('foreign_keys = ON')
    return new Kysely<Database>({ dialect: new SqliteImmediateDialect({ database: sqlite }) })
  }
  return finish('sqlite', open, async () => rmSync(dir, { recursive: true, force: true }), options)
}

/** pg parses int8 (BIGINT, COUNT) as a string by default; the schema keeps epoch ms there. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
}

async function createPostgresDatabase(url: string, options?: { migrate?: boolean }): Promise<FreshDatabase> {
  const name = `lk_${randomBytes(6).toString('hex')}`
  await adminQuery(url, `create database ${name}`)
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  const open = () =>
    new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: dbUrl.toString(), max: 10, types: pgTypes }),
      }),
    })
  return finish('postgres', open, () => dropPostgresDatabase(url, name), options)
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/**
 * pg's `pool.end()` resolves before its sockets are closed; dropping `with (force)` at once would
 * kill connections that are still saying goodbye (an uncaught error in the test). Wait for them first.
 */
async function dropPostgresDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where datname = $1',
        [name],
      )
      if (rows[0]?.n === '0') break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await client.query(`drop database if exists ${name} with (force)`)
  } finally {
    await client.end()
  }
}
