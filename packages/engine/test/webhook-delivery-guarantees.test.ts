import { createTestContext } from '@loyaltykit/engine/testing'
import { beforeAll, describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { acceptEvent } from '../src/events/accept-event'
import { setRule } from '../src/rules/set-rule'
import { createWebhookDispatcher } from '../src/webhooks/create-webhook-dispatcher'
import { enqueueWebhook } from '../src/webhooks/enqueue-webhook'
import { listWebhookDeliveries } from '../src/webhooks/list-webhook-deliveries'
import { setWebhookEndpoint } from '../src/webhooks/set-webhook-endpoint'
import { testDatabases, useTestStorage } from './support/test-databases'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'
import { codeOf, confirmPendingMints, manualClock, useWebhookWorld } from './support/webhook-world'

describe.each(testDatabases())('webhook delivery guarantees on $dialect', (db) => {
  const w = useWebhookWorld(db)
  const { t, setup } = w
  let receiver: WebhookReceiver
  beforeAll(() => {
    receiver = w.receiver
  })

  it('a claim whose holder died expires: the delivery is attempted again after the claim TTL', async () => {
    receiver.setAnswer(() => 200)
    const { ctx, clock, brandId, forBrand, event } = await setup()
    await event('e@example.com')
    await confirmPendingMints(t.storage, clock.now())
    // A dispatcher claims it and dies before sending.
    const [claimed] = await t.storage.webhooks.claimDue({
      now: clock.now(),
      leaseUntil: clock.now() + 70_000,
      limit: 100,
      claimToken: 'dead-holder',
    })
    expect(claimed).toMatchObject({ brandId, attempts: 1, url: `${receiver.url}/${brandId}` })
    const dispatcher = createWebhookDispatcher(ctx, { allowPrivateAddresses: true, jitter: 0, claimTtlMs: 70_000 })
    expect(await dispatcher.runOnce()).toBe(0)
    clock.advance(70_000)
    expect(await dispatcher.runOnce()).toBe(1)
    expect(forBrand()).toHaveLength(1)
    // The dead holder's outcome, should it ever arrive, is refused.
    const late = await t.storage.webhooks.completeAttempt({
      id: claimed!.id,
      claimToken: 'dead-holder',
      now: clock.now(),
      outcome: { delivered: false, statusCode: 500, error: 'late', nextAttemptAt: clock.now() },
    })
    expect(late).toBe(false)
    const [delivered] = await listWebhookDeliveries(ctx, { brandId })
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2 })
  })

  it('the delivery commits with the accepted event or not at all (outbox), once per event', async () => {
    const { ctx, clock, brandId } = await setup()
    const facts = {
      brandId,
      userId: 'f@example.com',
      email: 'f@example.com',
      walletAddress: `0x${'ab'.repeat(20)}`,
      tokenAmount: 5,
    }
    await expect(
      t.storage.transaction(async (tx) => {
        await enqueueWebhook(tx, { ...facts, eventId: 'rolled-back', mintJobId: 'job-x' }, ctx)
        throw new Error('the event was refused after all')
      }),
    ).rejects.toThrow(/refused/)
    expect(await listWebhookDeliveries(ctx, { brandId })).toHaveLength(0)

    const first = await t.storage.transaction((tx) =>
      enqueueWebhook(tx, { ...facts, eventId: 'kept', mintJobId: 'job-y' }, ctx),
    )
    const second = await t.storage.transaction((tx) =>
      enqueueWebhook(tx, { ...facts, eventId: 'kept', mintJobId: 'job-y' }, ctx),
    )
    // One delivery per (event, endpoint): the brand has one endpoint here.
    expect(first).toMatchObject([{ created: true }])
    expect(second).toEqual([{ endpointId: first[0]!.endpointId, deliveryId: first[0]!.deliveryId, created: false }])
    expect(first[0]!.deliveryId).toMatch(/^msg_[0-9a-f]{32}$/)
    expect(
      await t.storage.transaction((tx) => enqueueWebhook(tx, { ...facts, eventId: 'z', mintJobId: null }, ctx)),
    ).toEqual([])

    // A refused event (global max reached inside the claim transaction) leaves no delivery.
    await setRule(ctx, { brandId, eventType: 'newsletter_subscribe', maxTotalClaims: 1 })
    const body = { brandId, eventType: 'newsletter_subscribe', domain: 'shop.example.com' }
    await acceptEvent(ctx, { ...body, userEmail: 'g@example.com' })
    clock.advance(1)
    expect(await codeOf(acceptEvent(ctx, { ...body, userEmail: 'h@example.com' }))).toBe('MAX_TOTAL_CLAIMS_REACHED')
    const log = await listWebhookDeliveries(ctx, { brandId })
    expect(log.map((d) => d.eventId).filter((id) => id !== 'kept')).toHaveLength(1)
  })
})

describe.runIf(process.env.DATABASE_URL)('two webhook dispatchers on one PostgreSQL', () => {
  const [pgDatabase] = testDatabases().filter((d) => d.dialect === 'postgres')
  const t = useTestStorage(pgDatabase!)

  it('never send one attempt of a delivery twice', async () => {
    const receiver = await startWebhookReceiver(async ({ seen }) => {
      await new Promise((r) => setTimeout(r, 5))
      return seen === 0 ? 500 : 200
    })
    try {
      const clock = manualClock()
      const ctxA = createTestContext(t.storage, { clock })
      const other = await t.database.connect()
      const ctxB = createTestContext(other, { clock, keyVault: ctxA.keyVault })
      const { brand } = await createBrand(ctxA, { name: 'Busy', websites: ['https://busy.example'] })
      await setRule(ctxA, { brandId: brand.id, eventType: 'form_submit', maxClaims: -1, cooldownHours: 0 })
      await setWebhookEndpoint(ctxA, { brandId: brand.id, url: receiver.url })
      const count = 40
      await Promise.all(
        Array.from({ length: count }, (_, i) =>
          acceptEvent(ctxA, {
            brandId: brand.id,
            eventType: 'form_submit',
            userEmail: `u${i}@example.com`,
            domain: 'busy.example',
          }),
        ),
      )
      await confirmPendingMints(t.storage, clock.now())
      const options = { allowPrivateAddresses: true, retryScheduleMs: [1_000], jitter: 0, batchSize: 3 }
      const dispatchers = [createWebhookDispatcher(ctxA, options), createWebhookDispatcher(ctxB, options)]

      /** Both dispatchers (and two rounds each at once) drain everything due now. */
      const drain = async () => {
        let attempted = 0
        for (;;) {
          const rounds = await Promise.all([...dispatchers, ...dispatchers].map((d) => d.runOnce()))
          const sum = rounds.reduce((a, b) => a + b, 0)
          attempted += sum
          if (sum === 0) return attempted
        }
      }
      // Round one: every delivery attempted exactly once (all answered 500).
      expect(await drain()).toBe(count)
      const ids = receiver.received.map((r) => String(r.headers['webhook-id']))
      expect(ids).toHaveLength(count)
      expect(new Set(ids).size).toBe(count)
      // Round two, after the retry wait: again exactly once each, and all acknowledged.
      clock.advance(1_000)
      expect(await drain()).toBe(count)
      expect(receiver.received).toHaveLength(2 * count)
      expect(receiver.acknowledged()).toHaveLength(count)
      expect(new Set(receiver.acknowledged().map((r) => r.headers['webhook-id'])).size).toBe(count)
      const stats = dispatchers.map((d) => d.stats())
      expect(stats[0]!.attempts + stats[1]!.attempts).toBe(2 * count)
      expect(stats[0]!.attempts).toBeGreaterThan(0)
      expect(stats[1]!.attempts).toBeGreaterThan(0)
      const log = await listWebhookDeliveries(ctxA, { brandId: brand.id, limit: 1000 })
      expect(log.every((d) => d.status === 'delivered' && d.attempts === 2)).toBe(true)
    } finally {
      await receiver.close()
    }
  })
})
