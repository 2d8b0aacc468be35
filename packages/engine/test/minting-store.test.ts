import { randomBytes } from 'node:crypto'
import { isLoyaltyError, type MintJobRecord, type Storage } from '@loyaltykit/engine'
import { enqueueMint } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { testDatabases, useTestStorage } from './support/test-databases'

const address = () => `0x${randomBytes(20).toString('hex')}`
const batchId = () => `0x${randomBytes(32).toString('hex')}`

async function enqueueMany(storage: Storage, n: number, prefix = randomBytes(4).toString('hex')) {
  const ids: string[] = []
  for (let i = 0; i < n; i++) {
    const { jobId } = await storage.transaction((tx) =>
      enqueueMint(tx, { idempotencyKey: `${prefix}:${i}`, to: address(), amount: i + 1, source: 'test' }),
    )
    ids.push(jobId)
  }
  return ids
}

describe.each(testDatabases())('minting stores on $dialect', (db) => {
  const t = useTestStorage(db)
  // PostgreSQL: a second pool, like another process. SQLite: better-sqlite3 blocks the thread while
  // it waits for a lock, so two connections of one process would deadlock; the same storage still
  // runs the calls concurrently (kysely serialises them on its connection).
  const secondConnection = async () => (db.dialect === 'postgres' ? t.database.connect() : t.storage)

  describe('enqueueMint', () => {
    it('is idempotent on the key: the second call returns the first job', async () => {
      const to = address()
      const first = await t.storage.transaction((tx) =>
        enqueueMint(tx, { idempotencyKey: 'payment:cs_1', to, amount: 100, source: 'payment', ref: 'cs_1' }),
      )
      const second = await t.storage.transaction((tx) =>
        enqueueMint(tx, { idempotencyKey: 'payment:cs_1', to, amount: 100n, source: 'payment' }),
      )
      expect(first.created).toBe(true)
      expect(second.created).toBe(false)
      expect(second.jobId).toBe(first.jobId)
      const job = await t.storage.mint.getJob(first.jobId)
      expect(job).toMatchObject({
        to: to.toLowerCase(),
        amount: '100',
        amountWei: (100n * 10n ** 18n).toString(),
        status: 'pending',
        source: 'payment',
        ref: 'cs_1',
      })
    })

    it('refuses the same key for another recipient or amount', async () => {
      const to = address()
      await t.storage.transaction((tx) => enqueueMint(tx, { idempotencyKey: 'k-mismatch', to, amount: 5, source: 'x' }))
      const error = await t.storage
        .transaction((tx) => enqueueMint(tx, { idempotencyKey: 'k-mismatch', to, amount: 6, source: 'x' }))
        .catch((e: unknown) => e)
      expect(isLoyaltyError(error) && error.code).toBe('IDEMPOTENCY_KEY_REUSED')
    })

    it('validates the recipient, the amount and the key', async () => {
      const bad = [
        { idempotencyKey: 'v1', to: 'nope', amount: 1, source: 's' },
        { idempotencyKey: 'v2', to: `0x${'0'.repeat(40)}`, amount: 1, source: 's' },
        { idempotencyKey: 'v3', to: address(), amount: 0, source: 's' },
        { idempotencyKey: 'v4', to: address(), amount: 1.5, source: 's' },
        { idempotencyKey: '', to: address(), amount: 1, source: 's' },
      ]
      for (const params of bad) {
        const error = await t.storage.transaction((tx) => enqueueMint(tx, params)).catch((e: unknown) => e)
        expect(isLoyaltyError(error) && error.code).toBe('VALIDATION_FAILED')
      }
    })

    it('rolls back with the caller transaction', async () => {
      const error = await t.storage
        .transaction(async (tx) => {
          await enqueueMint(tx, { idempotencyKey: 'rolled-back', to: address(), amount: 1, source: 's' })
          throw new Error('caller failed')
        })
        .catch((e: unknown) => e)
      expect(String(error)).toContain('caller failed')
      expect(await t.storage.mint.getJobByKey('rolled-back')).toBeUndefined()
    })

    it('of concurrent enqueues with one key (two connections), exactly one creates', async () => {
      const other = await secondConnection()
      const to = address()
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? other : t.storage).transaction((tx) =>
            enqueueMint(tx, { idempotencyKey: 'race-key', to, amount: 3, source: 's' }),
          ),
        ),
      )
      expect(results.filter((r) => r.created)).toHaveLength(1)
      expect(new Set(results.map((r) => r.jobId)).size).toBe(1)
    })
  })

  describe('claimJobs', () => {
    it('moves the oldest pending jobs into one batch, each job once, even when claims race', async () => {
      const before = await t.storage.mint.countJobs()
      const ids = await enqueueMany(t.storage, 120)
      const other = await secondConnection()
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, i) => {
          const storage = i % 2 ? other : t.storage
          const id = batchId()
          return storage
            .transaction((tx) => tx.mint.claimJobs({ batchId: id, chainId: 1, signer: address(), limit: 25, now: 1 }))
            .then((jobs) => ({ id, jobs }))
        }),
      )
      const claimed = claims.flatMap((c) => c.jobs.map((j) => j.id))
      expect(new Set(claimed).size).toBe(claimed.length)
      for (const id of ids) expect(claimed).toContain(id)
      expect(claimed).toHaveLength(120 + before.pending)
      for (const { id, jobs } of claims) {
        expect(jobs.length).toBeLessThanOrEqual(25)
        if (jobs.length === 0) {
          expect(await t.storage.mint.getBatch(id)).toBeUndefined()
          continue
        }
        const batch = await t.storage.mint.getBatch(id)
        expect(batch).toMatchObject({ status: 'new', jobCount: jobs.length, attempts: 0 })
        const total = jobs.reduce((sum: bigint, j: MintJobRecord) => sum + BigInt(j.amountWei), 0n)
        expect(batch?.totalWei).toBe(total.toString())
        expect((await t.storage.mint.listBatchJobs(id)).map((j) => j.id)).toEqual(jobs.map((j) => j.id))
      }
      expect((await t.storage.mint.countJobs()).pending).toBe(0)
    })

    it('records transactions, confirms a batch and its jobs once', async () => {
      await enqueueMany(t.storage, 3)
      const id = batchId()
      const signer = address()
      const jobs = await t.storage.transaction((tx) =>
        tx.mint.claimJobs({ batchId: id, chainId: 7, signer, limit: 10, now: 5 }),
      )
      expect(jobs.length).toBeGreaterThan(0)
      const tx = (hash: string, nonce: number) => ({
        txHash: hash,
        batchId: id,
        chainId: 7,
        signer,
        nonce,
        raw: '0x02abcdef',
        gasLimit: '1000',
        maxFeePerGas: '2',
        maxPriorityFeePerGas: '1',
        status: 'signed' as const,
        error: null,
        createdAt: 10,
        sentAt: null,
      })
      await t.storage.mint.recordTransaction(tx('0xaa', 4))
      await t.storage.mint.markTransactionSent({ txHash: '0xaa', now: 11, headBlock: 99 })
      await t.storage.mint.recordTransaction(tx('0xbb', 4))
      expect(await t.storage.mint.getBatch(id)).toMatchObject({
        status: 'signed',
        nonce: 4,
        txHash: '0xbb',
        attempts: 2,
        sentBlock: 99,
      })
      expect(await t.storage.mint.listOpenBatches({ chainId: 7, signer })).toHaveLength(1)

      const first = await t.storage.mint.confirmBatch({ batchId: id, txHash: '0xaa', blockNumber: 12, now: 20 })
      const again = await t.storage.mint.confirmBatch({ batchId: id, txHash: '0xaa', blockNumber: 12, now: 21 })
      expect(first.jobIds.sort()).toEqual(jobs.map((j) => j.id).sort())
      expect(again.jobIds).toEqual([])
      const txs = await t.storage.mint.listTransactions(id)
      expect(Object.fromEntries(txs.map((x) => [x.txHash, [x.status, x.raw]]))).toEqual({
        '0xaa': ['mined', null],
        '0xbb': ['dropped', null],
      })
      for (const job of jobs) {
        expect(await t.storage.mint.getJob(job.id)).toMatchObject({
          status: 'confirmed',
          txHash: '0xaa',
          blockNumber: 12,
        })
      }
      expect(await t.storage.mint.listOpenBatches({ chainId: 7, signer })).toHaveLength(0)
      const all = await t.storage.mint.countJobs()
      expect(all.confirmed).toBeGreaterThanOrEqual(jobs.length)
      expect(await t.storage.mint.countJobs(['pending', 'batched'])).toEqual({
        pending: all.pending,
        batched: all.batched,
        confirmed: 0,
      })
    })
  })

  describe('nonces', () => {
    it('reserves unique nonces under concurrency, reuses released ones, and only moves forward on resync', async () => {
      const scope = { chainId: 5, address: address() }
      await t.storage.nonces.resync({ ...scope, chainNonce: 10 })
      const other = await secondConnection()
      const reserved = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? other : t.storage).transaction((tx) => tx.nonces.reserve(scope))),
      )
      expect([...reserved].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 10 + i))

      await t.storage.nonces.release({ ...scope, nonce: 17 })
      await t.storage.nonces.release({ ...scope, nonce: 12 })
      await t.storage.nonces.release({ ...scope, nonce: 99 }) // never reserved: ignored
      expect(await t.storage.nonces.peek(scope)).toEqual({ next: 30, released: [12, 17] })
      expect(await t.storage.nonces.reserve(scope)).toBe(12)

      // A rollback un-reserves.
      await t.storage
        .transaction(async (tx) => {
          expect(await tx.nonces.reserve(scope)).toBe(17)
          throw new Error('signing failed')
        })
        .catch(() => undefined)
      expect(await t.storage.nonces.reserve(scope)).toBe(17)
      expect(await t.storage.nonces.reserve(scope)).toBe(30)

      await t.storage.nonces.release({ ...scope, nonce: 30 })
      expect(await t.storage.nonces.resync({ ...scope, chainNonce: 25 })).toEqual({ next: 31 })
      expect((await t.storage.nonces.peek(scope)).released).toEqual([30])
      expect(await t.storage.nonces.resync({ ...scope, chainNonce: 40 })).toEqual({ next: 40 })
      expect(await t.storage.nonces.peek(scope)).toEqual({ next: 40, released: [] })
    })
  })

  describe('nonces for groups', () => {
    it('reserves many at once: released ones first, then fresh ones; concurrent groups never share one', async () => {
      const scope = { chainId: 6, address: address() }
      await t.storage.nonces.resync({ ...scope, chainNonce: 100 })
      expect(await t.storage.nonces.reserveMany({ ...scope, count: 5 })).toEqual([100, 101, 102, 103, 104])
      await t.storage.nonces.release({ ...scope, nonce: 103 })
      await t.storage.nonces.release({ ...scope, nonce: 101 })
      expect(await t.storage.nonces.reserveMany({ ...scope, count: 4 })).toEqual([101, 103, 105, 106])
      expect(await t.storage.nonces.peek(scope)).toEqual({ next: 107, released: [] })

      // A rollback un-reserves the whole group.
      await t.storage.nonces.release({ ...scope, nonce: 102 })
      await t.storage
        .transaction(async (tx) => {
          expect(await tx.nonces.reserveMany({ ...scope, count: 3 })).toEqual([102, 107, 108])
          throw new Error('signing failed')
        })
        .catch(() => undefined)
      expect(await t.storage.nonces.peek(scope)).toEqual({ next: 107, released: [102] })

      const other = await secondConnection()
      const groups = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? other : t.storage).transaction((tx) => tx.nonces.reserveMany({ ...scope, count: 4 })),
        ),
      )
      const all = groups.flat().sort((a, b) => a - b)
      expect(all).toEqual([102, ...Array.from({ length: 47 }, (_, i) => 107 + i)])
      for (const g of groups) expect(g).toEqual([...g].sort((a, b) => a - b))
    })
  })

  describe('leases', () => {
    it('of concurrent acquirers exactly one holds the lease; an expired lease is taken over with a new fence', async () => {
      const other = await secondConnection()
      const name = `lease-${randomBytes(4).toString('hex')}`
      const results = await Promise.all(
        ['a', 'b', 'c', 'd'].map((holder, i) =>
          (i % 2 ? other : t.storage).leases.acquire({ name, holder, ttlMs: 1000, now: 1000 }),
        ),
      )
      const winners = results.filter((r) => r.acquired)
      expect(winners).toHaveLength(1)
      const winner = winners[0]!
      if (!winner.acquired) throw new Error('unreachable')
      const holder = (await t.storage.leases.get(name))!.holder

      // The holder re-acquiring keeps its fence; others wait for the expiry.
      expect(await t.storage.leases.acquire({ name, holder, ttlMs: 1000, now: 1500 })).toEqual({
        acquired: true,
        fence: winner.fence,
        expiresAt: 2500,
      })
      expect(await t.storage.leases.acquire({ name, holder: 'z', ttlMs: 1000, now: 2000 })).toMatchObject({
        acquired: false,
        holder,
      })
      // Expired but not taken over: the holder may still renew (its fence is current).
      expect(await t.storage.leases.renew({ name, holder, fence: winner.fence, ttlMs: 1000, now: 2600 })).toBe(true)
      const taken = await t.storage.leases.acquire({ name, holder: 'z', ttlMs: 1000, now: 3700 })
      expect(taken).toMatchObject({ acquired: true, fence: winner.fence + 1 })
      expect(await t.storage.leases.renew({ name, holder, fence: winner.fence, ttlMs: 1000, now: 3800 })).toBe(false)

      // Release lets the next one in at once.
      await t.storage.leases.release({ name, holder: 'z', fence: winner.fence + 1 })
      expect(await t.storage.leases.acquire({ name, holder: 'y', ttlMs: 1000, now: 3900 })).toMatchObject({
        acquired: true,
        fence: winner.fence + 2,
      })
    })

    it('a write fenced by renew() is rolled back once the lease was taken over', async () => {
      const name = `fenced-${randomBytes(4).toString('hex')}`
      const mine = await t.storage.leases.acquire({ name, holder: 'old', ttlMs: 100, now: 0 })
      if (!mine.acquired) throw new Error('expected the lease')
      await t.storage.leases.acquire({ name, holder: 'new', ttlMs: 100, now: 500 })
      const key = `fenced-write-${randomBytes(4).toString('hex')}`
      await t.storage
        .transaction(async (tx) => {
          await tx.settings.set(key, 'written by the old holder')
          if (!(await tx.leases.renew({ name, holder: 'old', fence: mine.fence, ttlMs: 100, now: 600 }))) {
            throw new Error('lease lost')
          }
        })
        .catch(() => undefined)
      expect(await t.storage.settings.get(key)).toBeUndefined()
    })
  })

  describe('chain journal', () => {
    it('appends in order, lists pages and refuses a second writer of the same seq', async () => {
      const chainKey = `embedded:${randomBytes(3).toString('hex')}`
      const entry = (seq: number) => ({
        chainKey,
        seq,
        method: 'eth_sendRawTransaction',
        params: JSON.stringify([`0x${seq}`]),
        txHash: `0x${seq}`,
        blockNumber: seq,
        blockTimestamp: 1_700_000_000 + seq,
        stateRoot: '0x00',
        createdAt: seq,
      })
      for (let seq = 1; seq <= 5; seq++) await t.storage.chainJournal.append(entry(seq))
      const error = await t.storage.chainJournal.append(entry(3)).catch((e: unknown) => e)
      expect(isLoyaltyError(error) && error.code).toBe('CHAIN_JOURNAL_CONFLICT')
      expect((await t.storage.chainJournal.list({ chainKey, afterSeq: 1, limit: 3 })).map((e) => e.seq)).toEqual([
        2, 3, 4,
      ])
      expect(await t.storage.chainJournal.last(chainKey)).toEqual(entry(5))
      expect(await t.storage.chainJournal.count(chainKey)).toBe(5)
    })
  })
})
