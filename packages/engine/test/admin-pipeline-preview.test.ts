import { randomBytes, randomUUID } from 'node:crypto'
import { createEngine, type Engine, isLoyaltyError } from '@loyaltykit/engine'
import { acceptEvent, createTestContext, enqueueMint } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { testDatabases, useTestStorage } from './support/test-databases'

const MIN = 60_000
const NOW = 1_750_000_000_000
const clock = { now: () => NOW }
const address = () => `0x${randomBytes(20).toString('hex')}`
const hash = () => `0x${randomBytes(32).toString('hex')}`

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => (isLoyaltyError(e) ? { code: e.code, category: e.category } : e),
  )

/** The admin pipeline view and rule preview (issue 17 point 2; docs/admin-api.md) on SQLite and PostgreSQL. */
describe.each(testDatabases())('admin pipeline and rule preview on $dialect', (db) => {
  const t = useTestStorage(db)
  let engine: Engine
  let brand: string
  let other: string

  it('makes two brands', async () => {
    const { keyVault } = createTestContext(t.storage)
    engine = createEngine({ storage: t.storage, keyVault, clock })
    brand = (await engine.brands.create({ name: 'Pipeline', websites: [] })).brand.id
    other = (await engine.brands.create({ name: 'Other', websites: [] })).brand.id
  })
  it('pipeline: the brand’s queue, its oldest waiting job, its mint latency and last batches', async () => {
    const enqueue = (brandId: string, at: number) =>
      t.storage.transaction((tx) =>
        enqueueMint(
          tx,
          { idempotencyKey: randomUUID(), to: address(), amount: 5, source: 'test', brandId },
          { clock: { now: () => at } },
        ),
      )
    expect(await engine.mint.pipeline({ brandId: brand })).toEqual({
      queueDepth: 0,
      pending: 0,
      batched: 0,
      oldestPendingAgeMs: null,
      lagMs: null,
      lastBatches: [],
    })
    await enqueue(brand, NOW - 60 * MIN)
    await enqueue(other, NOW - 59 * MIN)
    const signer = address()
    const x = hash()
    await t.storage.transaction((tx) =>
      tx.mint.claimJobs({ batchId: x, chainId: 1, signer, limit: 2, now: NOW - 58 * MIN }),
    )
    const txHash = hash()
    await t.storage.mint.confirmBatch({ batchId: x, txHash, blockNumber: 9, now: NOW - 50 * MIN })
    await enqueue(brand, NOW - 20 * MIN)
    await enqueue(brand, NOW - 10 * MIN)
    await enqueue(other, NOW - 30 * MIN)
    const y = hash()
    // The oldest pending job is the other brand's: this batch carries none of the brand's jobs.
    await t.storage.transaction((tx) =>
      tx.mint.claimJobs({ batchId: y, chainId: 1, signer, limit: 1, now: NOW - 9 * MIN }),
    )
    const z = hash()
    await t.storage.transaction((tx) =>
      tx.mint.claimJobs({ batchId: z, chainId: 1, signer, limit: 1, now: NOW - 5 * MIN }),
    )
    const p = await engine.mint.pipeline({ brandId: brand })
    expect(p).toEqual({
      queueDepth: 2,
      pending: 1,
      batched: 1,
      oldestPendingAgeMs: 10 * MIN,
      lagMs: 10 * MIN,
      lastBatches: [
        {
          batchId: z,
          txHash: null,
          size: 1,
          status: 'new',
          attempts: 0,
          submittedAt: new Date(NOW - 5 * MIN).toISOString(),
          confirmedAt: null,
        },
        {
          batchId: x,
          txHash,
          size: 2,
          status: 'confirmed',
          attempts: 0,
          submittedAt: new Date(NOW - 58 * MIN).toISOString(),
          confirmedAt: new Date(NOW - 50 * MIN).toISOString(),
        },
      ],
    })
    // The other brand: its job of batch y, not confirmed.
    expect(await engine.mint.pipeline({ brandId: other })).toMatchObject({ queueDepth: 1, pending: 0, batched: 1 })
  })

  it('rule preview: eligible, or every reason why not, and writes nothing', async () => {
    const before = await t.database.db
      .selectFrom('reward_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(
      await engine.rules.preview({ brandId: brand, eventType: 'newsletter_subscribe', userEmail: 'Carol@example.com' }),
    ).toEqual({
      eventType: 'newsletter_subscribe',
      userEmail: 'carol@example.com',
      eligible: true,
      rewardAmount: 25,
      reasons: [],
    })
    // Dan's account_creation accepted (one claim per member, the default rule): a second would be refused.
    await acceptEvent(
      engine.ctx,
      { brandId: brand, eventType: 'account_creation', userEmail: 'dan@example.com' },
      { source: 'test' },
    )
    const dan = await engine.rules.preview({
      brandId: brand,
      eventType: 'account_creation',
      userEmail: 'dan@example.com',
    })
    expect(dan).toMatchObject({ eligible: false, rewardAmount: 100 })
    expect(dan.reasons.map((r) => r.code)).toContain('max_claims')
    await engine.rules.set({ brandId: brand, eventType: 'form_submit', enabled: false })
    const disabled = await engine.rules.preview({
      brandId: brand,
      eventType: 'form_submit',
      userEmail: 'dan@example.com',
    })
    expect(disabled).toMatchObject({ eligible: false, rewardAmount: 0, reasons: [{ code: 'disabled' }] })
    const unknown = await engine.rules.preview({
      brandId: brand,
      eventType: 'no_such_rule',
      userEmail: 'ann@example.com',
    })
    expect(unknown).toMatchObject({ eligible: false, rewardAmount: 0, reasons: [{ code: 'unknown_event' }] })
    expect(await failure(engine.rules.preview({ brandId: brand, eventType: 'x', userEmail: 'nope' }))).toMatchObject({
      category: 'invalid_request',
    })
    const after = await t.database.db
      .selectFrom('reward_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n) + 1) // Dan's accepted event only
  })
})
