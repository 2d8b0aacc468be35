import { randomBytes } from 'node:crypto'
import { isLoyaltyError, type MintJobRecord, type Storage } from '@loyaltykit/engine'
import { enqueueMint } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { secondConnection } from './support/second-connection'
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
// Nonces, leases and the chain journal: signer-stores.test.ts.
describe.each(testDatabases())('minting stores on $dialect', (db) => {
  const t = useTestStorage(db)

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
      const other = await secondConnection(t)
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
      const other = await secondConnection(t)
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
})
