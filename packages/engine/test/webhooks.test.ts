import { randomBytes } from 'node:crypto'
import { type EngineContext, isLoyaltyError, type Storage, systemClock } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhooks as sdkWebhooks } from '../../sdk/src/index'
import { createBrand } from '../src/brands/create-brand'
import { acceptEvent } from '../src/events/accept-event'
import { setRule } from '../src/rules/set-rule'
import { createWebhookDispatcher } from '../src/webhooks/create-webhook-dispatcher'
import { enqueueWebhook } from '../src/webhooks/enqueue-webhook'
import { listWebhookDeliveries } from '../src/webhooks/list-webhook-deliveries'
import { redeliverWebhook } from '../src/webhooks/redeliver-webhook'
import { setWebhookEndpoint } from '../src/webhooks/set-webhook-endpoint'
import { setWebhookEndpointEnabled } from '../src/webhooks/set-webhook-endpoint-enabled'
import { testDatabases, useTestStorage } from './support/test-databases'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'

/** A clock the test moves by hand (retry schedules run in no time). */
function manualClock(start = 1_800_000_000_000) {
  let now = start
  return {
    now: () => now,
    set: (t: number) => {
      now = t
    },
    advance: (ms: number) => {
      now += ms
    },
  }
}

/** Confirms every pending mint job through the mint store, as the minter does once a batch is mined. */
async function confirmPendingMints(storage: Storage, now: number): Promise<string> {
  const batchId = `0x${randomBytes(32).toString('hex')}`
  const txHash = `0x${randomBytes(32).toString('hex')}`
  await storage.transaction(async (tx) => {
    await tx.mint.claimJobs({ batchId, chainId: 31337, signer: `0x${'1'.repeat(40)}`, limit: 10_000, now })
    await tx.mint.confirmBatch({ batchId, txHash, blockNumber: 7, now })
  })
  return txHash
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (isLoyaltyError(e)) return e.code
    throw e
  }
}

describe.each(testDatabases())('outgoing webhooks on $dialect', (db) => {
  const t = useTestStorage(db)
  let receiver: WebhookReceiver

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await receiver?.close()
  })

  /** A brand with an endpoint at the receiver (path unique per brand) and a context on a manual clock. */
  async function setup(overrides: Partial<EngineContext> = {}) {
    // Each test starts with an empty outbox (the dispatcher serves every brand of the database).
    await t.database.db.deleteFrom('webhook_deliveries').execute()
    const clock = manualClock()
    const ctx = createTestContext(t.storage, { clock, ...overrides })
    const { brand } = await createBrand(ctx, { name: 'Shop', websites: ['https://shop.example.com'] })
    await setRule(ctx, { brandId: brand.id, eventType: 'form_submit', maxClaims: -1, cooldownHours: 0 })
    const { secret } = await setWebhookEndpoint(ctx, { brandId: brand.id, url: `${receiver.url}/${brand.id}` })
    const forBrand = () => receiver.received.filter((r) => r.headers['webhook-id'] && r.body.includes(brand.id))
    const event = (email: string, eventType = 'form_submit') =>
      acceptEvent(ctx, { brandId: brand.id, eventType, userEmail: email, domain: 'shop.example.com' })
    return { ctx, clock, brandId: brand.id, secret, forBrand, event }
  }

  it('sends tokens_distributed only once the mint is confirmed, with the spec fields, verifiable by the SDK', async () => {
    receiver.setAnswer(() => 200)
    const { ctx, clock, brandId, secret, forBrand, event } = await setup()
    const dispatcher = createWebhookDispatcher(ctx, { jitter: 0 })
    const accepted = await event('Ann@Example.com')

    expect(await dispatcher.runOnce()).toBe(0)
    expect(forBrand()).toHaveLength(0)
    const [pending] = await listWebhookDeliveries(ctx, { brandId })
    expect(pending).toMatchObject({ eventId: accepted.eventId, status: 'pending', attempts: 0 })

    clock.advance(1_500)
    const confirmedAt = clock.now()
    const txHash = await confirmPendingMints(t.storage, confirmedAt)
    clock.advance(250)
    expect(await dispatcher.runOnce()).toBe(1)
    expect(await dispatcher.runOnce()).toBe(0)

    const [request] = forBrand()
    expect(request).toBeDefined()
    const body = JSON.parse(request!.body)
    expect(Object.keys(body)).toEqual([
      'event',
      'brandId',
      'userId',
      'email',
      'walletAddress',
      'tokenAmount',
      'transactionHash',
      'timestamp',
    ])
    expect(body).toEqual({
      event: 'tokens_distributed',
      brandId,
      userId: 'ann@example.com',
      email: 'ann@example.com',
      walletAddress: accepted.walletAddress,
      tokenAmount: 10,
      transactionHash: txHash,
      timestamp: confirmedAt,
    })
    expect(request!.headers['content-type']).toBe('application/json')
    expect(request!.headers['webhook-id']).toBe(pending!.id)
    expect(request!.headers['webhook-timestamp']).toBe(String(Math.floor(clock.now() / 1000)))
    const verified = await sdkWebhooks.verify(request!.body, request!.headers, secret, { now: clock.now() })
    expect(verified).toEqual(body)
    const otherSecret = `whsec_${randomBytes(32).toString('base64')}`
    await expect(
      sdkWebhooks.verify(request!.body, request!.headers, otherSecret, { now: clock.now() }),
    ).rejects.toThrow(/signature/)

    const [delivered] = await listWebhookDeliveries(ctx, { brandId })
    expect(delivered).toMatchObject({
      id: pending!.id,
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: clock.now(),
    })
  })

  it('a receiver down for the first attempts receives every event once it is up; ids stable; schedule honoured', async () => {
    const schedule = [1_000, 5_000, 20_000, 60_000]
    // Attempt 1: 503 · attempt 2: connection dropped · attempt 3: no answer (timeout) · attempt 4: 200.
    receiver.setAnswer(({ seen }) => (seen === 0 ? 503 : seen === 1 ? 'drop' : seen === 2 ? 'hang' : 200))
    const { ctx, clock, brandId, forBrand, event } = await setup()
    const dispatcher = createWebhookDispatcher(ctx, { retryScheduleMs: schedule, jitter: 0, timeoutMs: 300 })
    const a = await event('a@example.com')
    const b = await event('b@example.com')
    await confirmPendingMints(t.storage, clock.now())

    const byEvent = async () => {
      const log = await listWebhookDeliveries(ctx, { brandId })
      return new Map(log.map((d) => [d.eventId, d]))
    }
    const expectedErrors = [/^HTTP 503: receiver says 503$/, /^network error/, /^timeout after 300 ms$/]
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await dispatcher.runOnce()).toBe(2)
      const log = await byEvent()
      for (const eventId of [a.eventId, b.eventId]) {
        const d = log.get(eventId)!
        expect(d.status).toBe('pending')
        expect(d.attempts).toBe(attempt)
        expect(d.lastStatusCode).toBe(attempt === 1 ? 503 : null)
        expect(d.lastError).toMatch(expectedErrors[attempt - 1]!)
        expect(d.nextAttemptAt).toBe(clock.now() + schedule[attempt - 1]!)
      }
      // Not a millisecond early…
      clock.advance(schedule[attempt - 1]! - 1)
      expect(await dispatcher.runOnce()).toBe(0)
      // …and due exactly on time.
      clock.advance(1)
    }
    expect(await dispatcher.runOnce()).toBe(2)
    expect(await dispatcher.runOnce()).toBe(0)

    const requests = forBrand()
    expect(requests).toHaveLength(8)
    const log = await byEvent()
    for (const eventId of [a.eventId, b.eventId]) {
      const d = log.get(eventId)!
      expect(d).toMatchObject({ status: 'delivered', attempts: 4, lastStatusCode: 200, lastError: null })
      const mine = requests.filter((r) => r.headers['webhook-id'] === d.id)
      expect(mine).toHaveLength(4)
      expect(mine.map((r) => r.answered)).toEqual([503, 'dropped', 'hung', 200])
      // Same body on every attempt; each attempt signed at its own time.
      expect(new Set(mine.map((r) => r.body)).size).toBe(1)
      expect(JSON.parse(mine[0]!.body).userId).toBe(eventId === a.eventId ? 'a@example.com' : 'b@example.com')
      expect(new Set(mine.map((r) => r.headers['webhook-timestamp'])).size).toBe(4)
    }
    expect(receiver.acknowledged().filter((r) => r.body.includes(brandId))).toHaveLength(2)
    expect(dispatcher.stats()).toMatchObject({ attempts: 8, delivered: 2, failures: 6, failedDeliveries: 0 })
  })

  it('fails after the last attempt; redeliver schedules any delivery again now, same webhook-id', async () => {
    receiver.setAnswer(() => 500)
    const { ctx, clock, brandId, secret, forBrand, event } = await setup()
    const dispatcher = createWebhookDispatcher(ctx, { retryScheduleMs: [10, 10], jitter: 0 })
    await event('c@example.com')
    await confirmPendingMints(t.storage, clock.now())
    for (let i = 0; i < 3; i++) {
      expect(await dispatcher.runOnce()).toBe(1)
      clock.advance(10)
    }
    clock.advance(1_000_000)
    expect(await dispatcher.runOnce()).toBe(0)
    const [failed] = await listWebhookDeliveries(ctx, { brandId })
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastStatusCode: 500,
      lastError: 'HTTP 500: receiver says 500',
      nextAttemptAt: null,
      deliveredAt: null,
    })
    expect(dispatcher.stats().failedDeliveries).toBe(1)

    receiver.setAnswer(() => 204)
    const again = await redeliverWebhook(ctx, { deliveryId: failed!.id })
    expect(again).toMatchObject({ id: failed!.id, status: 'pending', attempts: 0, nextAttemptAt: clock.now() })
    expect(await dispatcher.runOnce()).toBe(1)
    const [delivered] = await listWebhookDeliveries(ctx, { brandId })
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204, deliveredAt: clock.now() })

    // A delivered one can be sent again too (e.g. the receiver lost it).
    clock.advance(5_000)
    await redeliverWebhook(ctx, { deliveryId: failed!.id })
    expect(await dispatcher.runOnce()).toBe(1)
    const requests = forBrand()
    expect(requests).toHaveLength(5)
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([failed!.id]))
    const last = requests.at(-1)!
    await expect(sdkWebhooks.verify(last.body, last.headers, secret, { now: clock.now() })).resolves.toMatchObject({
      event: 'tokens_distributed',
      userId: 'c@example.com',
    })

    expect(await codeOf(redeliverWebhook(ctx, { deliveryId: 'msg_unknown' }))).toBe('WEBHOOK_DELIVERY_NOT_FOUND')
  })

  it('redeliver voids an attempt in flight: its late outcome is dropped, the delivery is sent again', async () => {
    let release: (() => void) | undefined
    receiver.setAnswer(({ seen }) => (seen === 0 ? new Promise((r) => (release = () => r(500))) : 200))
    const { ctx, clock, brandId, forBrand, event } = await setup()
    const dispatcher = createWebhookDispatcher(ctx, { jitter: 0 })
    await event('d@example.com')
    await confirmPendingMints(t.storage, clock.now())
    const first = dispatcher.runOnce()
    await expect.poll(() => forBrand().length).toBe(1)
    const [inFlight] = await listWebhookDeliveries(ctx, { brandId })
    await redeliverWebhook(ctx, { deliveryId: inFlight!.id })
    release!()
    expect(await first).toBe(1)
    expect(dispatcher.stats().staleOutcomes).toBe(1)
    expect(await dispatcher.runOnce()).toBe(1)
    const [delivered] = await listWebhookDeliveries(ctx, { brandId })
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 })
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
    const dispatcher = createWebhookDispatcher(ctx, { jitter: 0, claimTtlMs: 70_000 })
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
    expect(first).toMatchObject({ created: true })
    expect(second).toEqual({ deliveryId: first!.deliveryId, created: false })
    expect(first!.deliveryId).toMatch(/^msg_[0-9a-f]{32}$/)
    expect(
      await t.storage.transaction((tx) => enqueueWebhook(tx, { ...facts, eventId: 'z', mintJobId: null }, ctx)),
    ).toBe(undefined)

    // A refused event (global max reached inside the claim transaction) leaves no delivery.
    await setRule(ctx, { brandId, eventType: 'newsletter_subscribe', maxTotalClaims: 1 })
    const body = { brandId, eventType: 'newsletter_subscribe', domain: 'shop.example.com' }
    await acceptEvent(ctx, { ...body, userEmail: 'g@example.com' })
    clock.advance(1)
    expect(await codeOf(acceptEvent(ctx, { ...body, userEmail: 'h@example.com' }))).toBe('MAX_TOTAL_CLAIMS_REACHED')
    const log = await listWebhookDeliveries(ctx, { brandId })
    expect(log.map((d) => d.eventId).filter((id) => id !== 'kept')).toHaveLength(1)
  })

  it('endpoint: validated URL, secret shown once and stored encrypted, rotation, disable holds deliveries', async () => {
    receiver.setAnswer(() => 200)
    const { ctx, clock, brandId, secret, forBrand, event } = await setup()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32)
    const stored = await t.storage.apiKeys.getSecret(brandId, 'webhook_secret')
    expect(stored).toBeDefined()
    expect(stored).not.toContain(secret.slice(6, 20))
    expect(ctx.keyVault.decrypt(stored!)).toBe(secret)
    const raw = await t.database.db.selectFrom('brand_secrets').selectAll().execute()
    expect(JSON.stringify(raw)).not.toContain(secret.slice(6))

    expect(await codeOf(setWebhookEndpoint(ctx, { brandId, url: 'ftp://example.com/x' }))).toBe('VALIDATION_FAILED')
    expect(await codeOf(setWebhookEndpoint(ctx, { brandId, url: 'not a url' }))).toBe('VALIDATION_FAILED')
    expect(await codeOf(setWebhookEndpoint(ctx, { brandId, url: 'https://u:p@example.com/x' }))).toBe(
      'VALIDATION_FAILED',
    )
    expect(await codeOf(setWebhookEndpoint(ctx, { brandId: `0x${'9'.repeat(40)}`, url: receiver.url }))).toBe(
      'BRAND_NOT_FOUND',
    )

    // Disabled: new events enqueue nothing, pending ones are held; re-enabled, the held ones go out.
    await event('i@example.com')
    await setWebhookEndpointEnabled(ctx, { brandId, enabled: false })
    await event('j@example.com')
    await confirmPendingMints(t.storage, clock.now())
    const dispatcher = createWebhookDispatcher(ctx, { jitter: 0 })
    expect(await dispatcher.runOnce()).toBe(0)
    expect(await listWebhookDeliveries(ctx, { brandId })).toHaveLength(1)
    await setWebhookEndpointEnabled(ctx, { brandId, enabled: true })
    expect(await dispatcher.runOnce()).toBe(1)

    // Replacing the URL rotates the secret: the next delivery verifies with the new one only.
    const rotated = await setWebhookEndpoint(ctx, { brandId, url: `${receiver.url}/${brandId}/v2#frag` })
    expect(rotated.secret).not.toBe(secret)
    expect(rotated.endpoint).toMatchObject({ url: `${receiver.url}/${brandId}/v2`, enabled: true })
    await event('k@example.com')
    await confirmPendingMints(t.storage, clock.now())
    expect(await dispatcher.runOnce()).toBe(1)
    const last = forBrand().at(-1)!
    await expect(
      sdkWebhooks.verify(last.body, last.headers, rotated.secret, { now: clock.now() }),
    ).resolves.toBeTruthy()
    await expect(sdkWebhooks.verify(last.body, last.headers, secret, { now: clock.now() })).rejects.toThrow()

    const other = await createBrand(ctx, { name: 'No hooks', websites: ['https://none.example'] })
    expect(await codeOf(setWebhookEndpointEnabled(ctx, { brandId: other.brand.id, enabled: false }))).toBe(
      'WEBHOOK_ENDPOINT_NOT_FOUND',
    )
    await acceptEvent(ctx, {
      brandId: other.brand.id,
      eventType: 'account_creation',
      userEmail: 'l@example.com',
      domain: 'none.example',
    })
    expect(await listWebhookDeliveries(ctx, { brandId: other.brand.id })).toHaveLength(0)
  })

  it('the delivery log lists newest first, with a limit', async () => {
    const { ctx, clock, brandId, event } = await setup()
    const ids: string[] = []
    for (const email of ['m@example.com', 'n@example.com', 'o@example.com']) {
      ids.push((await event(email)).eventId)
      clock.advance(1_000)
    }
    const log = await listWebhookDeliveries(ctx, { brandId, limit: 2 })
    expect(log.map((d) => d.eventId)).toEqual([ids[2], ids[1]])
    expect(log[0]).toMatchObject({ brandId, eventType: 'tokens_distributed', status: 'pending', attempts: 0 })
    expect(await codeOf(listWebhookDeliveries(ctx, { brandId, limit: 0 }))).toBe('VALIDATION_FAILED')
  })

  it('start() delivers in the background with the real clock; stop() waits for the attempt in flight', async () => {
    receiver.setAnswer(() => 200)
    const { ctx, brandId, forBrand, event } = await setup({ clock: systemClock })
    const dispatcher = createWebhookDispatcher(ctx, { pollIntervalMs: 20 })
    dispatcher.start()
    try {
      await event('p@example.com')
      await confirmPendingMints(t.storage, Date.now())
      await expect.poll(() => forBrand().length, { timeout: 5_000 }).toBe(1)
      await expect
        .poll(async () => (await listWebhookDeliveries(ctx, { brandId }))[0]?.status, { timeout: 5_000 })
        .toBe('delivered')
    } finally {
      await dispatcher.stop()
    }
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
      const options = { retryScheduleMs: [1_000], jitter: 0, batchSize: 3 }
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
