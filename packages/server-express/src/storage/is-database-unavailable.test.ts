import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './is-database-unavailable'
import { openStorage } from './open-storage'

/** The error `fn` throws or rejects with. */
async function errorOf(fn: () => unknown): Promise<unknown> {
  try {
    await fn()
  } catch (e) {
    return e
  }
  throw new Error('expected an error')
}

// Real errors of the drivers the server wires, not hand-made objects.
describe('isDatabaseUnavailable on SQLite', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lk-unavail-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('recognises a write lock held by another connection (SQLITE_BUSY) and a closed connection', async () => {
    const file = join(dir, 'busy.db')
    const holder = new BetterSqlite3(file)
    const other = new BetterSqlite3(file, { timeout: 0 })
    holder.exec('create table t (x integer primary key); begin immediate')
    const busy = await errorOf(() => other.exec('begin immediate'))
    holder.exec('rollback')
    expect((busy as { code: string }).code).toBe('SQLITE_BUSY')
    expect(isDatabaseUnavailable(busy)).toBe(true)
    other.close()
    expect(isDatabaseUnavailable(await errorOf(() => other.exec('select 1')))).toBe(true)
    holder.close()
  })

  it('recognises a storage used after close, and not the errors of a wrong query or row', async () => {
    const storage = await openStorage({ dataDir: dir })
    await storage.migrate()
    const brand = { id: `0x${'1'.repeat(40)}`, name: 'B', websites: [], createdAt: 1 }
    await storage.brands.create(brand)
    const duplicate = await errorOf(() => storage.brands.create(brand))
    expect(isDatabaseUnavailable(duplicate)).toBe(false)
    await storage.close()
    expect(isDatabaseUnavailable(await errorOf(() => storage.brands.get(brand.id)))).toBe(true)
    const file = new BetterSqlite3(':memory:')
    expect(isDatabaseUnavailable(await errorOf(() => file.exec('select nope from nowhere')))).toBe(false)
    file.close()
  })

  it('says no to anything that is not an error object', () => {
    for (const v of [undefined, null, 'ECONNREFUSED', 42, {}]) expect(isDatabaseUnavailable(v)).toBe(false)
  })
})

const pgUrl = process.env.DATABASE_URL
// PostgreSQL when DATABASE_URL is set, as every suite of this package.
const postgres = pgUrl ? [pgUrl] : []
describe.each(postgres)('isDatabaseUnavailable on PostgreSQL', (adminUrl) => {
  const url = (patch: Partial<Pick<URL, 'hostname' | 'port' | 'pathname'>>) =>
    Object.assign(new URL(adminUrl), patch).toString()
  const connectError = (connectionString: string) => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 })
    return errorOf(() => client.connect()).finally(() => client.end().catch(() => {}))
  }

  it('recognises a database that does not exist and a refused connection', async () => {
    const missing = await connectError(url({ pathname: '/lk_no_such_database' }))
    expect((missing as { code: string }).code).toBe('3D000')
    expect(isDatabaseUnavailable(missing)).toBe(true)

    // A port nothing listens on: take a free one and release it.
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as { port: number }
        srv.close(() => resolve(port))
      })
    })
    const refused = await connectError(url({ hostname: '127.0.0.1', port: String(port) }))
    expect(isDatabaseUnavailable(refused)).toBe(true)
  })

  it('recognises a connection terminated by the server, and not a query error', async () => {
    const client = new pg.Client({ connectionString: adminUrl })
    client.on('error', () => {})
    await client.connect()
    expect(isDatabaseUnavailable(await errorOf(() => client.query('select nope from nowhere')))).toBe(false)
    expect(isDatabaseUnavailable(await errorOf(() => client.query('select 1/0')))).toBe(false)
    const terminated = await errorOf(() => client.query('select pg_terminate_backend(pg_backend_pid())'))
    expect(isDatabaseUnavailable(terminated)).toBe(true)
    expect(isDatabaseUnavailable(await errorOf(() => client.query('select 1')))).toBe(true)
    await client.end().catch(() => {})
  })
})
