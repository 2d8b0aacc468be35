import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, runCliProcess, spawnCli } from './helpers/cli-process'
import { countRows } from './helpers/count-rows'
import { queryTestDatabase } from './helpers/query-test-database'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const SITE = 'https://import.example.com'
const WEI = 10n ** 18n
/** Bound of one CLI run: a cold start of node + tsx takes 20 s and more on a loaded 2-core machine. */
const CLI_MS = 180_000

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 600_000) => {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`timed out waiting for ${what}`)
}

// `loyaltykit events import` (docs/cli.md#loyaltykit-events-import) as a user runs it: a CLI process
// beside a running server (the server's minter mints what the import records), on SQLite and PostgreSQL.
describe.each(testDialects)('loyaltykit events import on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string
  let env: NodeJS.ProcessEnv
  const masterKey = randomBytes(32).toString('hex')

  const eventCount = async () =>
    Number(
      (
        await queryTestDatabase<{ n: number | string }>(
          db,
          'SELECT count(*) AS n FROM reward_events WHERE brand_id = ?',
          [brandId],
        )
      )[0]?.n,
    )
  const file = (name: string, lines: string[]) => {
    const path = join(db.dataDir, name)
    writeFileSync(path, `${lines.join('\n')}\n`)
    return path
  }

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_MASTER_KEY: masterKey })
    brandId = (await s.runtime.engine.brands.create({ name: 'Import', websites: [SITE] })).brand.id
    await s.runtime.engine.rules.set({
      brandId,
      eventType: 'purchase',
      rewardAmount: 5,
      maxClaims: -1,
      cooldownHours: 0,
    })
    env = cliEnv({ LOYALTYKIT_DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl, LOYALTYKIT_MASTER_KEY: masterKey })
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('reports refused rows with their reasons; the dry run predicts them and writes nothing', async () => {
    const csv = file('mixed.csv', [
      'eventType,userEmail,domain,metadata,channel_id',
      'purchase,ann@example.com,import.example.com,"{""order"":""A-1""}",',
      'account_creation,bob@example.com,import.example.com,,',
      'account_creation,bob@example.com,import.example.com,,',
      'purchase,not-an-email,import.example.com,,',
      'purchase,cy@example.com,evil.example.com,,',
      'purchase,cy@example.com,import.example.com,{oops,',
      'no_such_event,dee@example.com,import.example.com,,',
      'purchase,eve@example.com',
    ])
    // Every table but those the server's own workers write meanwhile (leases, nonces, its chain).
    const background = ['leases', 'signer_nonces', 'released_nonces', 'chain_journal', 'settings']
    const before = await countRows(db, background)
    const dry = await runCliProcess(['events', 'import', csv, '--brand', brandId, '--dry-run', '--json'], env, CLI_MS)
    expect(dry.code, dry.stderr).toBe(0)
    expect(await countRows(db, background)).toEqual(before)
    const refusedCodes = {
      INVALID_CSV_ROW: 2,
      VALIDATION_FAILED: 1,
      DOMAIN_NOT_AUTHORIZED: 1,
      EVENT_TYPE_NOT_CONFIGURED: 1,
    }
    // The dry run judges each row against the database as it is: both of bob's rows are eligible.
    expect(JSON.parse(dry.stdout)).toMatchObject({
      dryRun: true,
      rows: 8,
      accepted: 3,
      refused: 5,
      refusedByCode: refusedCodes,
    })
    expect(JSON.parse(dry.stdout).report).toBe(join(db.dataDir, 'mixed.dry-run.refused.csv'))

    const run = await runCliProcess(['events', 'import', csv, '--brand', brandId], env, CLI_MS)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/accepted\s+2\n/)
    expect(run.stdout).toMatch(/refused\s+6\n/)
    expect(run.stdout).toMatch(/MAX_CLAIMS_REACHED\s+1\n/)
    const report = parse(readFileSync(join(db.dataDir, 'mixed.refused.csv')), { columns: true }) as Record<
      string,
      string
    >[]
    expect(report.map((r) => [r.row, r.line, r.code]).sort()).toEqual(
      [
        ['3', '4', 'MAX_CLAIMS_REACHED'],
        ['4', '5', 'VALIDATION_FAILED'],
        ['5', '6', 'DOMAIN_NOT_AUTHORIZED'],
        ['6', '7', 'INVALID_CSV_ROW'],
        ['7', '8', 'EVENT_TYPE_NOT_CONFIGURED'],
        ['8', '9', 'INVALID_CSV_ROW'],
      ].sort(),
    )
    const byRow = new Map(report.map((r) => [r.row, r]))
    expect(byRow.get('4')?.reason).toMatch(/userEmail/)
    expect(byRow.get('5')?.reason).toMatch(/evil\.example\.com/)
    expect(byRow.get('6')?.reason).toMatch(/metadata is not valid JSON/)
    expect(byRow.get('8')?.reason).toBe('the row has 2 fields, the header 5')
    // The report keeps each row's own columns, ready to be fixed and imported again.
    expect(byRow.get('5')).toMatchObject({
      eventType: 'purchase',
      userEmail: 'cy@example.com',
      domain: 'evil.example.com',
    })
    const stored = await queryTestDatabase<{ metadata: string }>(
      db,
      'SELECT metadata FROM reward_events WHERE brand_id = ? AND event_type = ?',
      [brandId, 'purchase'],
    )
    expect(stored.map((r) => JSON.parse(r.metadata))).toEqual([{ order: 'A-1' }])

    // A usage error and a bad file change nothing.
    expect((await runCliProcess(['events', 'import', '--brand', brandId], env, CLI_MS)).code).toBe(2)
    const bad = await runCliProcess(
      ['events', 'import', file('bad.csv', ['eventType,email', 'purchase,x']), '--brand', brandId],
      env,
      CLI_MS,
    )
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/unknown column "email"/)
  }, 900_000)

  it('an import interrupted (SIGINT, then SIGKILL) and run again rewards every row exactly once', async () => {
    const ROWS = 3000
    const USERS = 40
    const lines = ['eventType,userEmail,domain']
    for (let i = 1; i <= ROWS; i++) lines.push(`purchase,u${i % USERS}@resume.example,import.example.com`)
    const csv = file('resume.csv', lines)
    const args = ['events', 'import', csv, '--brand', brandId, '--json']
    const base = await eventCount()
    // The server stops meanwhile (its minter would share this process's CPU with the polling that
    // times the interruptions); the next start mints what the runs recorded.
    await s.close()

    // 1. Ctrl-C mid-file: the rows in flight finish, the summary says so, exit 130.
    const first = spawnCli(args, env)
    let out = ''
    let err = ''
    first.stdout?.on('data', (d) => {
      out += d
    })
    first.stderr?.on('data', (d) => {
      err += d
    })
    const firstExit = new Promise<number | null>((r) => first.on('exit', r))
    await until('rows recorded', async () => {
      if (first.exitCode !== null) throw new Error(`the import exited with ${first.exitCode}: ${err}`)
      return (await eventCount()) - base >= 200
    })
    first.kill('SIGINT')
    expect(await firstExit, err).toBe(130)
    const interrupted = JSON.parse(out) as { interrupted: boolean; accepted: number }
    expect(interrupted.interrupted).toBe(true)
    expect(interrupted.accepted).toBeLessThan(ROWS)
    expect((await eventCount()) - base).toBe(interrupted.accepted)

    // 2. Killed outright mid-file (no chance to finish anything).
    const second = spawnCli(args, env)
    let err2 = ''
    let out2 = ''
    second.stderr?.on('data', (d) => {
      err2 += d
    })
    second.stdout?.on('data', (d) => {
      out2 += d
    })
    const secondExit = new Promise<number | null>((r) => second.on('exit', (_code, signal) => r(signal ? -1 : _code)))
    await until('more rows recorded', async () => {
      if (second.exitCode !== null) throw new Error(`the import exited with ${second.exitCode}: ${out2} ${err2}`)
      return (await eventCount()) - base >= interrupted.accepted + 300
    })
    second.kill('SIGKILL')
    expect(await secondExit).toBe(-1)
    const recordedBefore = (await eventCount()) - base
    expect(recordedBefore).toBeLessThan(ROWS)

    // 3. The same command again finishes the file: what was recorded is skipped, not rewarded again.
    const third = await runCliProcess(args, env, 1_200_000)
    expect(third.code, third.stderr).toBe(0)
    const summary = JSON.parse(third.stdout)
    expect(summary).toMatchObject({ rows: ROWS, refused: 0, alreadyImported: recordedBefore, interrupted: false })
    expect(summary.accepted).toBe(ROWS - recordedBefore)
    expect((await eventCount()) - base).toBe(ROWS)

    // On the chain (minted by the server started again): every user got exactly their rows' rewards.
    s = await startTestServer(db, { LOYALTYKIT_MASTER_KEY: masterKey })
    await until(
      'every mint confirmed',
      async () =>
        Number(
          (
            await queryTestDatabase<{ n: number | string }>(
              db,
              "SELECT count(*) AS n FROM mint_jobs WHERE brand_id = ? AND status <> 'confirmed'",
              [brandId],
            )
          )[0]?.n,
        ) === 0,
      600_000,
    )
    const wallets = await queryTestDatabase<{ user_email: string; wallet_address: string; n: number | string }>(
      db,
      "SELECT user_email, wallet_address, count(*) AS n FROM reward_events WHERE brand_id = ? AND user_email LIKE '%@resume.example' GROUP BY user_email, wallet_address",
      [brandId],
    )
    expect(wallets).toHaveLength(USERS)
    for (const w of wallets) {
      expect(Number(w.n)).toBe(ROWS / USERS)
      expect(await tokenBalance(s, w.wallet_address)).toBe(BigInt((ROWS / USERS) * 5) * WEI)
    }
  }, 2_400_000)
})
