import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, runCliProcess } from './helpers/cli-process'
import { postJson } from './helpers/post-json'
import { queryTestDatabase } from './helpers/query-test-database'
import { runCliHere } from './helpers/run-cli-here'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const run = promisify(execFile)
const sqlite = testDialects.find((d) => d.dialect === 'sqlite') as (typeof testDialects)[number]
const postgres = testDialects.filter((d) => d.dialect === 'postgres')

// The master key's paths through backup and restore, and what they refuse (real CLI processes
// where the chain opens; in-process where the command stops before).
describe('loyaltykit backup / restore: the master key and refusals (SQLite)', () => {
  let src: TestDatabase
  const dirs: TestDatabase[] = []
  const key = randomBytes(32).toString('hex')
  const fresh = async () => {
    const d = await sqlite.create()
    dirs.push(d)
    return d
  }

  beforeAll(async () => {
    src = await fresh()
    const created = await runCliProcess(
      ['brand', 'create', '--name', 'Keyed', '--website', 'https://keyed.example', '--json'],
      cliEnv({ LOYALTYKIT_DATA_DIR: src.dataDir, LOYALTYKIT_MASTER_KEY: key }),
      120_000,
    )
    expect(created.code, created.stderr).toBe(0)
  })
  afterAll(async () => {
    for (const d of dirs) await d.drop()
  })

  it('with LOYALTYKIT_MASTER_KEY the backup leaves the key out and says so; restore needs that key', async () => {
    const out = join(src.dataDir, 'keyless.tgz')
    const backup = await runCliHere(['backup', '--out', out], {
      LOYALTYKIT_DATA_DIR: src.dataDir,
      LOYALTYKIT_MASTER_KEY: key,
    })
    expect(backup.code, backup.stderr).toBe(0)
    expect(backup.stdout).toMatch(/master key {3}NOT in this backup: restore needs LOYALTYKIT_MASTER_KEY/)
    // The same file again is refused (never overwritten).
    const again = await runCliHere(['backup', '--out', out], {
      LOYALTYKIT_DATA_DIR: src.dataDir,
      LOYALTYKIT_MASTER_KEY: key,
    })
    expect(again.code).toBe(2)
    expect(again.stderr).toMatch(/exists: choose another name/)

    const noKey = await fresh()
    const refused = await runCliHere(['restore', out, '--data', noKey.dataDir], {})
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/does not hold the master key .*set LOYALTYKIT_MASTER_KEY/)
    expect(existsSync(join(noKey.dataDir, 'loyaltykit.db'))).toBe(false)

    // Another key: restored, but the check says it is not this database's key (exit 1).
    const otherKey = await fresh()
    const wrong = await runCliProcess(
      ['restore', out, '--data', otherKey.dataDir],
      cliEnv({ LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex') }),
      240_000,
    )
    expect(wrong.code).toBe(1)
    expect(wrong.stdout).toMatch(
      /master key {3}PROBLEM: the master key does not decrypt the secret of brand 0x[0-9a-f]{40} .*it is not this database's key/,
    )
    expect(wrong.stdout).toMatch(/Check FAILED\./)

    const good = await fresh()
    const ok = await runCliProcess(
      ['restore', out, '--data', good.dataDir, '--json'],
      cliEnv({ LOYALTYKIT_MASTER_KEY: key }),
      240_000,
    )
    expect(ok.code, ok.stderr).toBe(0)
    const report = JSON.parse(ok.stdout)
    expect(report.files).toEqual(['loyaltykit.db'])
    expect(report.check).toMatchObject({ ok: true, masterKey: { brands: 1, decrypted: 1, problem: null } })
    expect(existsSync(join(good.dataDir, 'master.key'))).toBe(false)
  }, 600_000)

  it('refuses what it cannot do, before writing anything', async () => {
    const env = { LOYALTYKIT_DATA_DIR: src.dataDir, LOYALTYKIT_MASTER_KEY: key }
    const pg = await runCliHere(['backup', '--out', join(src.dataDir, 'pg.tgz')], {
      ...env,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    })
    expect(pg.code).toBe(1)
    expect(pg.stderr).toMatch(/this DATABASE_URL is PostgreSQL: back it up with pg_dump/)
    expect(existsSync(join(src.dataDir, 'pg.tgz'))).toBe(false)

    const into = await fresh()
    const withUrl = await runCliHere(['restore', 'x.tgz', '--data', into.dataDir], {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    })
    expect(withUrl.code).toBe(2)
    expect(withUrl.stderr).toMatch(/restore writes a SQLite data folder/)

    const notBackup = join(into.dataDir, 'not-a-backup.tgz')
    writeFileSync(notBackup, 'eventType,userEmail\n')
    const unreadable = await runCliHere(['restore', notBackup, '--data', join(into.dataDir, 'new')], {
      LOYALTYKIT_MASTER_KEY: key,
    })
    expect(unreadable.code).toBe(1)
    expect(unreadable.stderr).toMatch(/is not a loyaltykit backup/)

    const out = join(src.dataDir, 'for-occupied.tgz')
    expect((await runCliHere(['backup', '--out', out], env)).code).toBe(0)
    const occupied = await runCliHere(['restore', out, '--data', src.dataDir], { LOYALTYKIT_MASTER_KEY: key })
    expect(occupied.code).toBe(1)
    expect(occupied.stderr).toMatch(/already holds a database \(loyaltykit\.db\): restore into a new folder/)

    const short = join(into.dataDir, 'short-pass')
    writeFileSync(short, 'short\n')
    const weak = await runCliHere(
      ['backup', '--out', join(into.dataDir, 'weak.tgz'), '--include-master-key', '--passphrase-file', short],
      env,
    )
    expect(weak.code).toBe(2)
    expect(weak.stderr).toMatch(/at least 12 characters/)
    // No terminal and no passphrase file: says how to give one.
    const none = await runCliHere(['backup', '--out', join(into.dataDir, 'none.tgz'), '--include-master-key'], env)
    expect(none.code).toBe(2)
    expect(none.stderr).toMatch(/a passphrase is needed for the master key: give --passphrase-file FILE/)
  }, 300_000)
})

// PostgreSQL's backup is pg_dump (docs/production.md#backups): dumped while the server runs, restored
// into an empty database, checked with `loyaltykit backup check`, then started.
describe.each(postgres)('pg_dump → pg_restore → loyaltykit backup check on $dialect', ({ create }) => {
  let src: TestDatabase
  let copy: TestDatabase
  let s: TestServer
  const key = randomBytes(32).toString('hex')
  const users = ['ann@pg.example', 'bob@pg.example', 'cy@pg.example']

  beforeAll(async () => {
    src = await create()
    copy = await create()
    s = await startTestServer(src, { LOYALTYKIT_MASTER_KEY: key, LOYALTYKIT_DUPLICATE_WINDOW_MS: '0' })
    const brandId = (await s.runtime.engine.brands.create({ name: 'Dumped', websites: ['https://pg.example'] })).brand
      .id
    await s.runtime.engine.rules.set({
      brandId,
      eventType: 'purchase',
      rewardAmount: 4,
      maxClaims: -1,
      cooldownHours: 0,
    })
    for (let i = 0; i < 9; i++) {
      const res = await postJson(s.base, '/loyalty-api/manual-event', {
        brandId,
        eventType: 'purchase',
        userEmail: users[i % 3],
        domain: 'pg.example',
      })
      expect(res.status).toBe(200)
    }
    // Dumped once every reward is confirmed in the ledger (the check counts the confirmed entries).
    for (const deadline = Date.now() + 120_000; ; ) {
      const [row] = await queryTestDatabase<{ n: number | string }>(
        src,
        "SELECT count(*) AS n FROM ledger_entries WHERE status <> 'confirmed'",
      )
      if (Number(row?.n) === 0) break
      if (Date.now() > deadline) throw new Error('the rewards were not confirmed in time')
      await new Promise((r) => setTimeout(r, 200))
    }
  })
  afterAll(async () => {
    await s?.close()
    await src?.drop()
    await copy?.drop()
  })

  it('the restored copy checks clean and starts with every balance equal; a wrong key fails the check', async () => {
    const dump = join(src.dataDir, 'lk.dump')
    await run('pg_dump', ['--format=custom', `--file=${dump}`, src.databaseUrl as string])
    await run('pg_restore', ['--no-owner', `--dbname=${copy.databaseUrl}`, dump])

    const env = (k: string) =>
      cliEnv({ DATABASE_URL: copy.databaseUrl, LOYALTYKIT_MASTER_KEY: k, LOYALTYKIT_DATA_DIR: copy.dataDir })
    const wrong = await runCliProcess(['backup', 'check'], env(randomBytes(32).toString('hex')), 240_000)
    expect(wrong.code).toBe(1)
    expect(wrong.stdout).toMatch(/PROBLEM: the master key does not decrypt/)

    const check = await runCliProcess(['backup', 'check', '--json'], env(key), 240_000)
    expect(check.code, check.stderr).toBe(0)
    expect(JSON.parse(check.stdout)).toMatchObject({
      ok: true,
      migrations: { pending: [], unknown: [] },
      masterKey: { brands: 1, decrypted: 1, problem: null },
      chain: { problem: null },
      ledger: { ok: true, wallets: 3, entriesChecked: 9, balanceDrifts: 0, entryDrifts: 0 },
    })

    const wallets = await queryTestDatabase<{ wallet_address: string }>(
      src,
      'SELECT DISTINCT wallet_address FROM reward_events',
    )
    expect(wallets).toHaveLength(3)
    const sc = await startTestServer(copy, { LOYALTYKIT_MASTER_KEY: key })
    try {
      for (const { wallet_address: w } of wallets) {
        expect(await tokenBalance(sc, w)).toBe(await tokenBalance(s, w))
        expect(await tokenBalance(sc, w)).toBe(12n * 10n ** 18n)
      }
    } finally {
      await sc.close()
    }
  }, 600_000)
})
