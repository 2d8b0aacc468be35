import { randomBytes } from 'node:crypto'
import { migrations } from '@loyaltykit/engine/storage-kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, runCliProcess } from './helpers/cli-process'
import { queryTestDatabase } from './helpers/query-test-database'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const names = Object.keys(migrations).sort()

describe.each(testDialects)('loyaltykit migrate status on $dialect (real processes)', ({ dialect, create }) => {
  let db: TestDatabase
  let env: NodeJS.ProcessEnv

  beforeAll(async () => {
    db = await create()
    env = cliEnv({
      LOYALTYKIT_DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'),
    })
  })
  afterAll(async () => {
    await db?.drop()
  })

  const migrationTables = () =>
    queryTestDatabase(
      db,
      dialect === 'sqlite'
        ? "select name from sqlite_master where name = 'kysely_migration'"
        : "select tablename from pg_tables where tablename = 'kysely_migration'",
    )

  it('lists every migration as pending on a new database, exit 0, and applies nothing', async () => {
    const r = await runCliProcess(['migrate', 'status'], env)
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^MIGRATION\s+APPLIED AT$/)
    expect(lines.slice(1, 1 + names.length)).toEqual(
      names.map((n) => expect.stringMatching(new RegExp(`^${n}\\s+pending$`))),
    )
    expect(lines.at(-1)).toBe(`0 applied, ${names.length} pending: run \`loyaltykit migrate\` to apply them.`)
    expect(await migrationTables()).toEqual([])

    const json = await runCliProcess(['migrate', 'status', '--json'], env)
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual({
      migrations: names.map((name) => ({ name, appliedAt: null })),
      pending: names,
      unknown: [],
      upToDate: false,
    })
  })

  it('after `migrate`: every migration applied, with its time', async () => {
    const before = Date.now()
    const migrated = await runCliProcess(['migrate'], env)
    expect(migrated.code).toBe(0)
    const after = Date.now()

    const r = await runCliProcess(['migrate', 'status'], env)
    expect(r.code).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    for (const [i, name] of names.entries()) {
      const m = new RegExp(`^${name}\\s+(\\S+)$`).exec(lines[i + 1] ?? '')
      expect(m, lines[i + 1]).not.toBeNull()
      const at = Date.parse(m?.[1] ?? '')
      expect(at).toBeGreaterThanOrEqual(before - 1_000)
      expect(at).toBeLessThanOrEqual(after + 1_000)
    }
    expect(lines.at(-1)).toBe(`${names.length} applied, none pending: the database is up to date.`)

    const json = JSON.parse((await runCliProcess(['migrate', 'status', '--json'], env)).stdout)
    expect(json.upToDate).toBe(true)
    expect(json.pending).toEqual([])
    expect(json.migrations.map((m: { name: string }) => m.name)).toEqual(names)
    expect(json.migrations.every((m: { appliedAt: unknown }) => typeof m.appliedAt === 'number')).toBe(true)
  })

  it('names a migration applied by a newer version', async () => {
    await queryTestDatabase(db, 'insert into kysely_migration (name, timestamp) values (?, ?)', [
      '9999-newer',
      '2031-02-03T04:05:06.789Z',
    ])
    const r = await runCliProcess(['migrate', 'status'], env)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^9999-newer\s+2031-02-03T04:05:06\.789Z\s+\(unknown to this version\)$/m)
    expect(r.stdout).toContain('1 applied by a newer loyaltykit')
  })
})
