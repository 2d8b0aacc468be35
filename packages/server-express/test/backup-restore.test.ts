import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, runCliProcess } from './helpers/cli-process'
import { postJson } from './helpers/post-json'
import { queryTestDatabase } from './helpers/query-test-database'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const WEI = 10n ** 18n
const REWARD = 3
const SITE = 'https://backup.example.com'
const sqlite = testDialects.find((d) => d.dialect === 'sqlite') as (typeof testDialects)[number]

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 240_000) => {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`timed out waiting for ${what}`)
}

const allMinted = (db: TestDatabase) =>
  until('every mint job confirmed', async () => {
    const [row] = await queryTestDatabase<{ n: number }>(
      db,
      "SELECT count(*) AS n FROM mint_jobs WHERE status <> 'confirmed'",
    )
    return Number(row?.n) === 0
  })

const EVENTS =
  'SELECT id, brand_id, user_key, wallet_address, event_type, reward_amount, created_at FROM reward_events ORDER BY id'
const LEDGER = 'SELECT * FROM ledger_entries ORDER BY id'
const JOURNAL =
  'SELECT chain_key, seq, method, params, tx_hash, block_number, block_timestamp, state_root FROM chain_journal ORDER BY chain_key, seq'
type Row = Record<string, unknown>

/** The rows a backup must carry over, read from a data folder's database. */
async function rowsOf(db: TestDatabase): Promise<{ events: Row[]; ledger: Row[]; journal: Row[] }> {
  const [events = [], ledger = [], journal = []] = await Promise.all(
    [EVENTS, LEDGER, JOURNAL].map((q) => queryTestDatabase<Row>(db, q)),
  )
  return { events, ledger, journal }
}

/** The points balance of every wallet that has events, read from the server's chain. */
async function balances(s: TestServer, wallets: string[]): Promise<Record<string, bigint>> {
  const out: Record<string, bigint> = {}
  for (const w of wallets) out[w] = await tokenBalance(s, w)
  return out
}

// `loyaltykit backup` / `loyaltykit restore` (docs/operations.md#backup-and-restore) as an operator runs
// them: real CLI processes beside a real server (embedded chain, journaled in its SQLite database).
describe('loyaltykit backup and restore (SQLite, embedded chain)', () => {
  let a: TestDatabase
  let s: TestServer
  let brandId: string
  let passphraseFile: string
  const dirs: TestDatabase[] = []
  const fresh = async () => {
    const d = await sqlite.create()
    dirs.push(d)
    return d
  }
  const envOf = (dataDir: string) => cliEnv({ LOYALTYKIT_DATA_DIR: dataDir })

  beforeAll(async () => {
    a = await fresh()
    // No LOYALTYKIT_MASTER_KEY: the development key file of the data folder, which a backup must carry.
    s = await startTestServer(a, {
      LOYALTYKIT_DUPLICATE_WINDOW_MS: '0',
      LOYALTYKIT_MINT_WAIT_MS: '0',
      // The load comes from one address: the event handler's per-IP limit is off.
      LOYALTYKIT_EVENT_HANDLER_IP_PER_MINUTE: '0',
    })
    brandId = (await s.runtime.engine.brands.create({ name: 'Backed up', websites: [SITE] })).brand.id
    await s.runtime.engine.rules.set({
      brandId,
      eventType: 'purchase',
      rewardAmount: REWARD,
      maxClaims: -1,
      cooldownHours: 0,
    })
    passphraseFile = join(a.dataDir, '..', `${a.dataDir.split('/').at(-1)}.pass`)
    writeFileSync(passphraseFile, 'correct horse battery staple\n', { mode: 0o600 })
  })
  afterAll(async () => {
    await s?.close()
    for (const d of dirs) await d.drop()
  })

  it('backs up under event load; the restored copy starts and holds every balance, ledger entry and block of its instant; reconcile is clean', async () => {
    // Event load: 6 workers posting purchases for 20 users until told to stop.
    let accepted = 0
    let stop = false
    const failures: string[] = []
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const res = await postJson(s.base, '/loyalty-api/manual-event', {
          brandId,
          eventType: 'purchase',
          userEmail: `u${(w * 7 + i) % 20}@load.example`,
          domain: 'backup.example.com',
        })
        if (res.status === 200) accepted++
        else failures.push(`${res.status} ${await res.text()}`)
      }
    }
    const load = Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)))
    await until('load running', async () => accepted >= 100)

    // Without --include-master-key the development key would be left behind: refused, nothing written.
    const out = join(a.dataDir, '..', `${a.dataDir.split('/').at(-1)}-backup.tgz`)
    const refused = await runCliProcess(['backup', '--out', `${out}.nokey`], envOf(a.dataDir), 120_000)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(
      /Refusing to back up without the master key: it is the development key in .*master\.key/,
    )
    expect(refused.stderr).toMatch(/--include-master-key/)
    expect(existsSync(`${out}.nokey`)).toBe(false)

    const acceptedBefore = accepted
    const backup = await runCliProcess(
      ['backup', '--out', out, '--include-master-key', '--passphrase-file', passphraseFile, '--json'],
      envOf(a.dataDir),
      120_000,
    )
    expect(backup.code, backup.stderr).toBe(0)
    const acceptedAfter = accepted
    const manifest = JSON.parse(backup.stdout)
    expect(manifest).toMatchObject({ format: 'loyaltykit-backup', masterKey: 'sealed' })
    // Taken under load: events were accepted while it ran, and it holds some but not all of them.
    expect(acceptedAfter).toBeGreaterThan(acceptedBefore)
    expect(manifest.counts.events).toBeGreaterThanOrEqual(acceptedBefore)
    expect(manifest.counts.events).toBeLessThanOrEqual(acceptedAfter)
    // The load goes on past the backup, then stops; the source mints everything.
    await until('more events after the backup', async () => accepted >= acceptedAfter + 100)
    stop = true
    await load
    expect(failures).toEqual([])
    await allMinted(a)

    // A wrong passphrase restores nothing.
    const wrongPass = join(a.dataDir, '..', `${a.dataDir.split('/').at(-1)}.wrong`)
    writeFileSync(wrongPass, 'not the passphrase at all\n')
    const b0 = await fresh()
    const wrong = await runCliProcess(
      ['restore', out, '--data', b0.dataDir, '--passphrase-file', wrongPass],
      cliEnv({}),
      120_000,
    )
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(/Wrong passphrase/)
    expect(existsSync(join(b0.dataDir, 'loyaltykit.db'))).toBe(false)
    expect(existsSync(join(b0.dataDir, 'master.key'))).toBe(false)

    // Restore into a new folder: checked (chain rebuilt from its journal, ledger reconciled).
    const b = await fresh()
    const restored = await runCliProcess(
      ['restore', out, '--data', b.dataDir, '--passphrase-file', passphraseFile, '--json'],
      cliEnv({}),
      240_000,
    )
    expect(restored.code, `${restored.stderr}\n${restored.stdout}`).toBe(0)
    const report = JSON.parse(restored.stdout)
    expect(report.check).toMatchObject({
      ok: true,
      masterKey: { problem: null, brands: 1, decrypted: 1 },
      chain: { problem: null },
    })
    expect(report.check.ledger).toMatchObject({ ok: true, balanceDrifts: 0, entryDrifts: 0 })
    expect(report.files.sort()).toEqual(['identity-signing-key.jwk', 'loyaltykit.db', 'master.key'])

    // The restored database is the source's at one instant: a prefix of its events, its ledger
    // entries (confirmed ones with the same transaction, block and log), its journal (same blocks,
    // same state roots).
    const { events: srcEvents, ledger: srcLedger, journal: srcJournal } = await rowsOf(a)
    const { events: bEvents, ledger: bLedger, journal: bJournal } = await rowsOf(b)
    expect(bEvents.length).toBe(manifest.counts.events)
    expect(bEvents.length).toBeLessThan(srcEvents.length)
    const srcEventById = new Map(srcEvents.map((e) => [e.id, e]))
    for (const e of bEvents) expect(e).toEqual(srcEventById.get(e.id))
    const srcLedgerById = new Map(srcLedger.map((e) => [e.id, e]))
    const confirmedAtBackup = bLedger.filter((e) => e.status === 'confirmed')
    expect(confirmedAtBackup.length).toBeGreaterThan(0)
    for (const e of bLedger) {
      const src = srcLedgerById.get(e.id) as Row
      const same = ['wallet_address', 'kind', 'amount_wei', 'source_type', 'source_id', 'mint_job_id', 'brand_id']
      for (const k of same) expect(e[k], `${e.id} ${k}`).toEqual(src[k])
      if (e.status === 'confirmed') expect(e).toEqual(src)
    }
    expect(bJournal.length).toBeGreaterThan(0)
    expect(bJournal).toEqual(srcJournal.slice(0, bJournal.length))

    // Start it: the jobs pending at the backup are minted; every wallet then holds exactly its events' rewards.
    const sb = await startTestServer(b)
    try {
      await allMinted(b)
      const wallets = [...new Set(bEvents.map((e) => e.wallet_address as string))]
      const held = await balances(sb, wallets)
      for (const w of wallets) {
        const n = bEvents.filter((e) => e.wallet_address === w).length
        expect(held[w], w).toBe(BigInt(n * REWARD) * WEI)
      }
    } finally {
      await sb.close()
    }
    const reconcile = await runCliProcess(['reconcile', '--json'], envOf(b.dataDir), 240_000)
    expect(reconcile.code, reconcile.stderr).toBe(0)
    expect(JSON.parse(reconcile.stdout)).toMatchObject({ ok: true, balanceDrifts: [], entryDrifts: [] })
  }, 900_000)

  it('a backup of the settled source restores to an equal copy: every balance, ledger entry, event and block', async () => {
    await allMinted(a)
    const out = join(a.dataDir, '..', `${a.dataDir.split('/').at(-1)}-settled.tgz`)
    const backup = await runCliProcess(
      ['backup', '--out', out, '--include-master-key', '--passphrase-file', passphraseFile],
      envOf(a.dataDir),
      120_000,
    )
    expect(backup.code, backup.stderr).toBe(0)
    expect(backup.stdout).toMatch(/master key {3}sealed in the backup/)
    const c = await fresh()
    const restored = await runCliProcess(
      ['restore', out, '--data', c.dataDir, '--passphrase-file', passphraseFile],
      cliEnv({}),
      240_000,
    )
    expect(restored.code, restored.stderr).toBe(0)
    expect(restored.stdout).toMatch(/no drift/)
    expect(restored.stdout).toMatch(/Check passed\./)

    const { events: srcEvents, ledger: srcLedger, journal: srcJournal } = await rowsOf(a)
    const { events: cEvents, ledger: cLedger, journal: cJournal } = await rowsOf(c)
    expect(cEvents).toEqual(srcEvents)
    expect(cLedger).toEqual(srcLedger)
    expect(cJournal).toEqual(srcJournal)

    const sc = await startTestServer(c)
    try {
      const wallets = [...new Set(srcEvents.map((e) => e.wallet_address as string))]
      expect(wallets.length).toBe(20)
      expect(await balances(sc, wallets)).toEqual(await balances(s, wallets))
      // The chain itself: the same block at the source's head, the same total supply.
      const head = await s.runtime.chain?.publicClient.getBlock()
      const sameHeight = await sc.runtime.chain?.publicClient.getBlock({ blockNumber: head?.number as bigint })
      expect(sameHeight?.hash).toBe(head?.hash)
      expect(sameHeight?.stateRoot).toBe(head?.stateRoot)
      const supply = (t: TestServer) =>
        t.runtime.chain?.publicClient.readContract({
          address: t.runtime.chain.contracts.pointsToken,
          abi: pointsTokenAbi,
          functionName: 'totalSupply',
        })
      expect(await supply(sc)).toBe(await supply(s))
    } finally {
      await sc.close()
    }
    const reconcile = await runCliProcess(['reconcile', '--json'], envOf(c.dataDir), 240_000)
    expect(reconcile.code, reconcile.stderr).toBe(0)
    expect(JSON.parse(reconcile.stdout)).toMatchObject({ ok: true })
  }, 900_000)
})
