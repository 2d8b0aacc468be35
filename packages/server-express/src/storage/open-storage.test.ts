import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { isLoyaltyError, type Storage } from '@loyaltykit/engine'
import BetterSqlite3 from 'better-sqlite3'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { testDialects } from '../../test/helpers/test-databases'
import { openSqliteDatabase, SQLITE_BUSY_TIMEOUT_MS } from './open-sqlite-database'
import { openStorage } from './open-storage'

const opened: Storage[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})
async function open(p: Parameters<typeof openStorage>[0]): Promise<Storage> {
  const storage = await openStorage(p)
  opened.push(storage)
  return storage
}

/** What a database restart does to a pool: every backend of the database is terminated. */
async function terminateBackends(databaseUrl: string) {
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
  } finally {
    await admin.end()
  }
}

async function configErrorOf(p: Parameters<typeof openStorage>[0]): Promise<string> {
  const err = await openStorage(p).then(
    (s) => s.close().then(() => undefined),
    (e: unknown) => e,
  )
  if (!isLoyaltyError(err) || err.code !== 'INVALID_CONFIG') throw new Error(`expected a ConfigError, got ${err}`)
  return err.message
}

/** A brand round trip: proves the schema is there and epoch ms come back as numbers. */
async function roundTrip(storage: Storage) {
  const id = `0x${randomBytes(20).toString('hex')}`
  await storage.brands.create({ id, name: 'B', websites: [], createdAt: 1_760_000_000_123 })
  const brand = await storage.brands.get(id)
  expect(brand?.createdAt).toBe(1_760_000_000_123)
  await expect(
    storage.rules.upsert({
      brandId: `0x${randomBytes(20).toString('hex')}`,
      eventType: 'x',
      eventId: 'x',
      rewardAmount: 1,
      maxClaims: 1,
      cooldownHours: 1,
      maxTotalClaims: null,
      detectionMethod: 'url_pattern',
      detectionConfig: { urlPatterns: [], successSelectors: [] },
      isCustom: false,
      enabled: true,
      updatedAt: 1,
    }),
  ).rejects.toThrow() // foreign keys are enforced
}

describe('openStorage on SQLite', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lk-open-storage-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('opens <dataDir>/loyaltykit.db in WAL mode when no DATABASE_URL is set', async () => {
    const logs: unknown[] = []
    const storage = await open({
      dataDir: join(dataDir, 'nested'),
      logger: { info: (o) => logs.push(o), error: () => {} },
    })
    expect(storage.dialect).toBe('sqlite')
    await storage.migrate()
    await roundTrip(storage)
    const file = join(dataDir, 'nested', 'loyaltykit.db')
    expect(existsSync(file)).toBe(true)
    const check = new BetterSqlite3(file, { readonly: true })
    expect(check.pragma('journal_mode', { simple: true })).toBe('wal')
    check.close()
    expect(logs).toEqual([{ dialect: 'sqlite', file }])
  })

  it('takes sqlite:<path>, file:<path> and file:// URLs', async () => {
    for (const [url, file] of [
      [`sqlite:${join(dataDir, 'a.db')}`, 'a.db'],
      [`file:${join(dataDir, 'b.db')}`, 'b.db'],
      [pathToFileURL(join(dataDir, 'c d.db')).href, 'c d.db'],
    ] as const) {
      const storage = await open({ databaseUrl: url, dataDir })
      await storage.migrate()
      expect(existsSync(join(dataDir, file))).toBe(true)
    }
  })

  it('configures every connection: WAL, busy_timeout, synchronous=NORMAL, foreign keys', () => {
    const sqlite = openSqliteDatabase(join(dataDir, 'pragmas.db'))
    try {
      expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
      expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(SQLITE_BUSY_TIMEOUT_MS)
      expect(sqlite.pragma('synchronous', { simple: true })).toBe(1)
      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
    } finally {
      sqlite.close()
    }
  })

  it('raises a ConfigError naming the file when it cannot be opened', async () => {
    const blocker = join(dataDir, 'a-file')
    await writeFile(blocker, 'not a folder')
    const message = await configErrorOf({ databaseUrl: `sqlite:${join(blocker, 'x.db')}`, dataDir })
    expect(message).toContain(join(blocker, 'x.db'))
  })
})

describe('openStorage URL checks', () => {
  it.each([
    ['mysql://u:secret@db/x', /must be a postgres:\/\//],
    ['postgres://u:secret@db:notaport/x', /not a valid URL/],
    ['postgresql:nohost', /names no host/],
    ['https://example.com/db', /must be a postgres:\/\//],
  ])('refuses %s with a ConfigError that does not echo the URL', async (databaseUrl, message) => {
    const text = await configErrorOf({ databaseUrl, dataDir: tmpdir() })
    expect(text).toMatch(message)
    expect(text).not.toContain('secret')
  })
})

describe.each(testDialects.filter((d) => d.dialect === 'postgres'))('openStorage on PostgreSQL', (dialect) => {
  let db: Awaited<ReturnType<typeof dialect.create>>
  beforeAll(async () => {
    db = await dialect.create()
  })
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()))
    // let pg finish saying goodbye before the database is dropped with (force)
    await new Promise((r) => setTimeout(r, 50))
    await db.drop()
  })

  it('opens a pg pool for postgres:// and postgresql:// URLs; int8 comes back as a number', async () => {
    const a = await openStorage({ databaseUrl: db.databaseUrl, dataDir: db.dataDir })
    const b = await openStorage({
      databaseUrl: db.databaseUrl!.replace(/^postgres:/, 'postgresql:'),
      dataDir: db.dataDir,
    })
    try {
      expect(a.dialect).toBe('postgres')
      expect(b.dialect).toBe('postgres')
      await Promise.all([a.migrate(), b.migrate()])
      await roundTrip(a)
      await a.ping()
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  it('survives its connections being terminated mid-transaction (a database restart): no uncaught error', async () => {
    const storage = await open({ databaseUrl: db.databaseUrl, dataDir: db.dataDir })
    await storage.migrate()
    const uncaught: unknown[] = []
    const onUncaught = (e: unknown) => uncaught.push(e)
    process.on('uncaughtException', onUncaught)
    try {
      let inside!: () => void
      const entered = new Promise<void>((r) => {
        inside = r
      })
      // Holds a checked-out client idle between two statements while the server kills every backend.
      const tx = storage.transaction(async (t) => {
        await t.settings.get('anything')
        inside()
        await new Promise((r) => setTimeout(r, 300))
        await t.settings.get('anything')
      })
      const outcome = tx.then(
        () => 'committed',
        () => 'failed',
      )
      await entered
      await terminateBackends(db.databaseUrl!)
      expect(await outcome).toBe('failed')
      await new Promise((r) => setTimeout(r, 100))
      expect(uncaught).toEqual([])
      // The pool replaced the broken clients: the storage works again.
      await storage.ping()
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  })
})
