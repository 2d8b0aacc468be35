import { randomBytes } from 'node:crypto'
import { systemClock } from '@loyaltykit/engine'
import { beforeAll, describe, expect, it } from 'vitest'
import { webhooks as sdkWebhooks } from '../../sdk/src/index'
import { createWebhookDispatcher } from '../src/webhooks/create-webhook-dispatcher'
import { listWebhookDeliveries } from '../src/webhooks/list-webhook-deliveries'
import { redeliverWebhook } from '../src/webhooks/redeliver-webhook'
import { testDatabases } from './support/test-databases'
import type { WebhookReceiver } from './support/webhook-receiver'
import { codeOf, confirmPendingMints, useWebhookWorld } from './support/webhook-world'

// Delivery guarantees (claims, outbox, two dispatchers): webhook-delivery-guarantees.test.ts; the
// endpoint and the delivery log: webhook-endpoints.test.ts.
describe.each(testDatabases())('outgoing webhooks on $dialect', (db) => {
  const w = useWebhookWorld(db)
  const { t, setup } = w
  let receiver: WebhookReceiver
  beforeAll(() => {
    receiver = w.receiver
  })

  it('sends tokens_distributed only once the mint is confirmed, with the spec fields, verifiable by the SDK', async () => {
    receiver.setAnswer(() => 200)
    const { ctx, clock, brandId, secret, forBrand, event } = await setup()
    const dispatcher = createWebhookDispatcher(ctx, { allowPrivateAddresses: true, jitter: 0 })
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
    const dispatcher = createWebhookDispatcher(ctx, {
      allowPrivateAddresses: true,
      retryScheduleMs: schedule,
      jitter: 0,
      timeoutMs: 300,
    })
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
    const dispatcher = createWebhookDispatcher(ctx, {
      allowPrivateAddresses: true,
      retryScheduleMs: [10, 10],
      jitter: 0,
    })
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
    const dispatcher = createWebhookDispatcher(ctx, { allowPrivateAddresses: true, jitter: 0 })
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

  it('start() delivers in the background with the real clock; stop() waits for the attempt in flight', async () => {
    receiver.setAnswer(() => 200)
    const { ctx, brandId, forBrand, event } = await setup({ clock: systemClock })
    const dispatcher = createWebhookDispatcher(ctx, { allowPrivateAddresses: true, pollIntervalMs: 20 })
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
