import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Storage } from '@loyaltykit/engine'
import { enqueueMint } from '@loyaltykit/engine/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStorage } from '../src/storage/open-storage'
import { spawnMinterProcess } from './chain-minter-process'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const WEI = 10n ** 18n
const JOBS = 3000

/**
 * A minter process (storage + embedded chain + minter) is SIGKILLed in the middle of its batches,
 * three times, at the two dangerous moments (signed and stored but not broadcast; mined and
 * journaled but not confirmed in the database) and at a random one; the last start drains the rest.
 * Every job must be minted exactly once.
 */
describe.each(testDialects)('a minter killed with SIGKILL on $dialect', (dialect) => {
  let database: TestDatabase
  let storage: Storage
  const masterKey = randomBytes(32).toString('hex')
  const expected = new Map<string, bigint>()

  beforeAll(async () => {
    database = await dialect.create()
    storage = await openStorage({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })
    await storage.migrate()
    const recipients = Array.from({ length: 1000 }, () => `0x${randomBytes(20).toString('hex')}`)
    await storage.transaction(async (tx) => {
      for (let i = 0; i < JOBS; i++) {
        const to = recipients[i % recipients.length]!
        const amount = 1 + (i % 10)
        await enqueueMint(tx, { idempotencyKey: `crash:${i}`, to, amount, source: 'test' })
        expected.set(to, (expected.get(to) ?? 0n) + BigInt(amount) * WEI)
      }
    })
    writeFileSync(join(database.dataDir, 'recipients.json'), JSON.stringify([...expected.keys()]))
  })
  afterAll(async () => {
    await storage?.close()
    await database?.drop()
  })

  const env = (extra: Record<string, string>) => ({
    LK_DATABASE_URL: database.databaseUrl ?? '',
    LK_DATA_DIR: database.dataDir,
    LK_MASTER_KEY: masterKey,
    LK_BATCH_SIZE: '100',
    ...extra,
  })

  it('mints every job exactly once across kills and restarts', { timeout: 180_000 }, async () => {
    // 1. Killed just before its 3rd broadcast: that batch (and the ones signed ahead of it, the minter
    //    pipelines) are signed and stored, never sent.
    const first = spawnMinterProcess(env({ LK_CRASH: 'before-send:3' }))
    const firstReady = await first.waitFor('ready')
    expect(await first.exit()).toMatchObject({ signal: 'SIGKILL' })
    const signedOnly = await storage.mint.listOpenBatches({
      chainId: 31337,
      signer: String(firstReady.minter).toLowerCase(),
    })
    // (A batch claimed ahead may not be signed yet: status `new`.)
    expect(signedOnly.filter((b) => b.status === 'signed').length).toBeGreaterThanOrEqual(1)
    for (const batch of signedOnly) {
      expect(['signed', 'new']).toContain(batch.status)
      const txs = await storage.mint.listTransactions(batch.batchId)
      expect(txs.map((t) => t.status)).toEqual(batch.status === 'signed' ? ['signed'] : [])
    }

    // 2. Killed right after its 2nd broadcast: mined and journaled, not confirmed in the database.
    const second = spawnMinterProcess(env({ LK_CRASH: 'after-send:2' }))
    const ready = await second.waitFor('ready')
    expect(await second.exit()).toMatchObject({ signal: 'SIGKILL' })
    const signer = String(ready.minter).toLowerCase()
    const open = await storage.mint.listOpenBatches({ chainId: 31337, signer })
    const journaled = await storage.chainJournal.list({ chainKey: 'embedded', afterSeq: 0, limit: 100_000 })
    const journaledHashes = new Set(journaled.map((e) => e.txHash))
    // (More than one when a background send had finished and its batch was not confirmed yet.)
    const minedNotConfirmed = open.filter((b) => b.txHash !== null && journaledHashes.has(b.txHash))
    expect(minedNotConfirmed.length).toBeGreaterThanOrEqual(1)

    // 3. Killed at a random moment once a good part is minted.
    const third = spawnMinterProcess(env({}))
    await third.waitFor('ready')
    for (const deadline = Date.now() + 40_000; ; ) {
      const counts = await storage.mint.countJobs()
      if (counts.confirmed >= JOBS * 0.5) break
      if (Date.now() > deadline)
        throw new Error(`third run stalled: ${JSON.stringify(counts)}; ${third.stderr().slice(-2000)}`)
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20))
    }
    third.child.kill('SIGKILL')
    expect(await third.exit()).toMatchObject({ signal: 'SIGKILL' })
    const midway = await storage.mint.countJobs()
    expect(midway.confirmed).toBeLessThan(JOBS)

    // 4. The last start replays the chain, recovers and drains the rest.
    const last = spawnMinterProcess(
      env({ LK_EXIT_WHEN_DRAINED: '1', LK_RECIPIENTS_FILE: join(database.dataDir, 'recipients.json') }),
    )
    const report = (await last.waitFor('drained', 60_000)) as {
      totalSupply: string
      balances: Record<string, string>
      batchMinted: Array<{ batchId: string; count: string; tx: string }>
    }
    expect(await last.exited).toMatchObject({ code: 0 })

    for (const [to, amount] of expected) expect(BigInt(report.balances[to] ?? '0'), to).toBe(amount)
    const total = [...expected.values()].reduce((a, b) => a + b, 0n)
    expect(BigInt(report.totalSupply)).toBe(total)
    expect(report.batchMinted.reduce((n, b) => n + Number(b.count), 0)).toBe(JOBS)
    expect(new Set(report.batchMinted.map((b) => b.batchId)).size).toBe(report.batchMinted.length)
    const counts = await storage.mint.countJobs()
    expect(counts).toEqual({ pending: 0, batched: 0, confirmed: JOBS })
    // A batch caught between "mined" and "confirmed" is confirmed by the transaction that mined it.
    for (const unconfirmed of minedNotConfirmed) {
      expect(await storage.mint.getBatch(unconfirmed.batchId)).toMatchObject({
        status: 'confirmed',
        txHash: unconfirmed.txHash,
      })
    }
    const minted = new Set(report.batchMinted.map((b) => b.tx))
    const job = await storage.mint.getJobByKey('crash:0')
    expect(minted.has(job!.txHash!)).toBe(true)
  })
})
