import { beforeAll, describe, expect, it } from 'vitest'
import { webhooks as sdkWebhooks } from '../../sdk/src/index'
import { createBrand } from '../src/brands/create-brand'
import { createWebhookDispatcher } from '../src/webhooks/create-webhook-dispatcher'
import { createWebhookEndpoint } from '../src/webhooks/create-webhook-endpoint'
import { deleteWebhookEndpoint } from '../src/webhooks/delete-webhook-endpoint'
import { listWebhookDeliveryPage } from '../src/webhooks/list-webhook-delivery-page'
import { listWebhookEndpoints } from '../src/webhooks/list-webhook-endpoints'
import { redeliverWebhook } from '../src/webhooks/redeliver-webhook'
import { rotateWebhookEndpointSecret } from '../src/webhooks/rotate-webhook-endpoint-secret'
import { triggerWebhook } from '../src/webhooks/trigger-webhook'
import { updateWebhookEndpoint } from '../src/webhooks/update-webhook-endpoint'
import { generateWebhookSecret } from '../src/webhooks/webhook-secret'
import { testDatabases } from './support/test-databases'
import type { WebhookReceiver } from './support/webhook-receiver'
import { codeOf, confirmPendingMints, useWebhookWorld } from './support/webhook-world'

const HOUR = 3_600_000

describe.each(testDatabases())('several webhook endpoints per brand on $dialect', (db) => {
  const w = useWebhookWorld(db)
  const { t, setup } = w
  let receiver: WebhookReceiver
  beforeAll(() => {
    receiver = w.receiver
  })
  const dispatcherOf = (ctx: Parameters<typeof createWebhookDispatcher>[0]) =>
    createWebhookDispatcher(ctx, { allowPrivateAddresses: true, jitter: 0 })

  it('fans an event out to every enabled endpoint that receives its type, one delivery (and webhook-id) each', async () => {
    receiver.setAnswer(() => 200)
    const { ctx, clock, brandId, secret, event } = await setup()
    const typed = await createWebhookEndpoint(ctx, {
      brandId,
      url: `${receiver.url}/${brandId}/typed`,
      eventTypes: ['tokens_distributed', 'tokens_distributed'],
      description: '  CRM sync ',
    })
    expect(typed.endpoint).toMatchObject({
      id: expect.stringMatching(/^we_[0-9a-f]{32}$/),
      eventTypes: ['tokens_distributed'],
      description: 'CRM sync',
      enabled: true,
      isDefault: false,
    })
    expect(typed.secret).toMatch(/^whsec_/)
    expect(typed.secret).not.toBe(secret)
    const paused = await createWebhookEndpoint(ctx, {
      brandId,
      url: `${receiver.url}/${brandId}/paused`,
      eventTypes: ['*'],
    })
    await updateWebhookEndpoint(ctx, { brandId, endpointId: paused.endpoint.id, enabled: false })
    // Only one event type exists today; an endpoint of another (future) type is written straight to
    // the store, as a newer version would have, and must receive nothing.
    const defaultEndpoint = (await listWebhookEndpoints(ctx, { brandId })).find((e) => e.isDefault)
    await t.storage.webhooks.insertEndpoint({
      endpoint: {
        ...defaultEndpoint!,
        id: `we_other_type_${brandId.slice(2, 10)}`,
        url: `${receiver.url}/${brandId}/other-type`,
        eventTypes: ['perk_redeemed'],
        isDefault: false,
      },
      secretCiphertext: ctx.keyVault.encrypt(generateWebhookSecret()),
    })

    const accepted = await event('fan@example.com')
    await confirmPendingMints(t.storage, clock.now())
    expect(await dispatcherOf(ctx).runOnce()).toBe(2)
    const page = await listWebhookDeliveryPage(ctx, { brandId })
    expect(page.data.map((d) => d.endpointId).sort()).toEqual([defaultEndpoint!.id, typed.endpoint.id].sort())
    expect(page.data.every((d) => d.eventId === accepted.eventId && d.status === 'delivered')).toBe(true)
    const got = receiver.received.filter((r) => r.body.includes('fan@example.com'))
    expect(got.map((r) => r.path).sort()).toEqual(
      [`/hooks/loyalty/${brandId}`, `/hooks/loyalty/${brandId}/typed`].sort(),
    )
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(2)
    // Each endpoint's delivery is signed with that endpoint's secret only.
    const toTyped = got.find((r) => r.path.endsWith('/typed'))!
    const toDefault = got.find((r) => !r.path.endsWith('/typed'))!
    const now = { now: clock.now() }
    await expect(sdkWebhooks.verify(toTyped.body, toTyped.headers, typed.secret, now)).resolves.toBeTruthy()
    await expect(sdkWebhooks.verify(toTyped.body, toTyped.headers, secret, now)).rejects.toThrow()
    await expect(sdkWebhooks.verify(toDefault.body, toDefault.headers, secret, now)).resolves.toBeTruthy()

    // Re-enabled, the paused endpoint receives the events accepted from then on.
    await updateWebhookEndpoint(ctx, { brandId, endpointId: paused.endpoint.id, enabled: true })
    await event('later@example.com')
    await confirmPendingMints(t.storage, clock.now())
    expect(await dispatcherOf(ctx).runOnce()).toBe(3)
  })

  it('rotation with an overlap: both signatures until it ends, then only the new one', async () => {
    receiver.setAnswer(() => 200)
    const { ctx, clock, brandId, event } = await setup()
    const { endpoint, secret: old } = await createWebhookEndpoint(ctx, {
      brandId,
      url: `${receiver.url}/${brandId}/rotating`,
      eventTypes: ['tokens_distributed'],
    })
    const rotated = await rotateWebhookEndpointSecret(ctx, { brandId, endpointId: endpoint.id, overlapHours: 2 })
    expect(rotated.secret).not.toBe(old)
    expect(rotated.endpoint.previousSecretExpiresAt).toBe(clock.now() + 2 * HOUR)
    const stored = await t.storage.webhooks.getEndpointSecrets(endpoint.id)
    expect(JSON.stringify(stored)).not.toContain(rotated.secret.slice(6))
    expect(ctx.keyVault.decrypt(stored!.previousSecret!)).toBe(old)

    const sentTo = () => receiver.received.filter((r) => r.path.endsWith(`${brandId}/rotating`))
    await event('during@example.com')
    await confirmPendingMints(t.storage, clock.now())
    await dispatcherOf(ctx).runOnce()
    const during = sentTo().at(-1)!
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2)
    const at = { now: clock.now() }
    await expect(sdkWebhooks.verify(during.body, during.headers, old, at)).resolves.toBeTruthy()
    await expect(sdkWebhooks.verify(during.body, during.headers, rotated.secret, at)).resolves.toBeTruthy()
    // A test delivery is signed the same way.
    const test = await triggerWebhook(ctx, { brandId, endpointId: endpoint.id }, { allowPrivateAddresses: true })
    expect(test).toMatchObject({ acknowledged: true, delivery: { endpointId: endpoint.id, test: true } })
    await expect(sdkWebhooks.verify(sentTo().at(-1)!.body, sentTo().at(-1)!.headers, old, at)).resolves.toBeTruthy()

    clock.advance(2 * HOUR)
    await event('after@example.com')
    await confirmPendingMints(t.storage, clock.now())
    await dispatcherOf(ctx).runOnce()
    const after = sentTo().at(-1)!
    expect(after.body).toContain('after@example.com')
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1)
    const later = { now: clock.now() }
    await expect(sdkWebhooks.verify(after.body, after.headers, rotated.secret, later)).resolves.toBeTruthy()
    await expect(sdkWebhooks.verify(after.body, after.headers, old, later)).rejects.toThrow(/No matching signature/)

    // overlapHours 0 (a leaked secret): the replaced one stops at once.
    const leaked = await rotateWebhookEndpointSecret(ctx, { brandId, endpointId: endpoint.id, overlapHours: 0 })
    expect(leaked.endpoint.previousSecretExpiresAt).toBeNull()
    await triggerWebhook(ctx, { brandId, endpointId: endpoint.id }, { allowPrivateAddresses: true })
    const last = sentTo().at(-1)!
    await expect(sdkWebhooks.verify(last.body, last.headers, leaked.secret, later)).resolves.toBeTruthy()
    await expect(sdkWebhooks.verify(last.body, last.headers, rotated.secret, later)).rejects.toThrow()
    expect(
      await codeOf(rotateWebhookEndpointSecret(ctx, { brandId, endpointId: endpoint.id, overlapHours: 169 })),
    ).toBe('VALIDATION_FAILED')
  })

  it('deliveries log per endpoint (status filter, cursor pages), redeliver scoped to the brand, delete', async () => {
    const { ctx, clock, brandId, event } = await setup()
    const failing = await createWebhookEndpoint(ctx, {
      brandId,
      url: `${receiver.url}/${brandId}/failing`,
      eventTypes: ['*'],
    })
    for (const email of ['p1@example.com', 'p2@example.com', 'p3@example.com']) {
      await event(email)
      clock.advance(1_000)
    }
    await confirmPendingMints(t.storage, clock.now())
    const dispatcher = createWebhookDispatcher(ctx, { allowPrivateAddresses: true, jitter: 0, retryScheduleMs: [] })
    receiver.setAnswer(({ path }) => (path.endsWith('/failing') ? 500 : 200))
    expect(await dispatcher.runOnce()).toBe(6)

    const ofFailing = await listWebhookDeliveryPage(ctx, { brandId, endpointId: failing.endpoint.id, limit: 2 })
    expect(ofFailing.data).toHaveLength(2)
    expect(ofFailing.data.every((d) => d.endpointId === failing.endpoint.id && d.status === 'failed')).toBe(true)
    expect(ofFailing.nextCursor).not.toBeNull()
    const rest = await listWebhookDeliveryPage(ctx, {
      brandId,
      endpointId: failing.endpoint.id,
      limit: 2,
      cursor: ofFailing.nextCursor!,
    })
    expect(rest.data).toHaveLength(1)
    expect(rest.nextCursor).toBeNull()
    const allIds = [...ofFailing.data, ...rest.data].map((d) => d.id)
    expect(new Set(allIds).size).toBe(3)
    expect((await listWebhookDeliveryPage(ctx, { brandId, status: 'failed' })).data.map((d) => d.id).sort()).toEqual(
      [...allIds].sort(),
    )
    expect((await listWebhookDeliveryPage(ctx, { brandId, status: 'delivered' })).data).toHaveLength(3)
    expect(await codeOf(listWebhookDeliveryPage(ctx, { brandId, limit: 201 }))).toBe('VALIDATION_FAILED')
    expect(await codeOf(listWebhookDeliveryPage(ctx, { brandId, cursor: 'nope!' }))).toBe('VALIDATION_FAILED')

    // Redeliver: another brand cannot reach this delivery; this brand schedules it again now.
    const other = (await createBrand(ctx, { name: 'Other', websites: ['https://other.example'] })).brand.id
    const target = allIds[0]!
    expect(await codeOf(redeliverWebhook(ctx, { deliveryId: target, brandId: other }))).toBe(
      'WEBHOOK_DELIVERY_NOT_FOUND',
    )
    receiver.setAnswer(() => 200)
    expect(await redeliverWebhook(ctx, { deliveryId: target, brandId })).toMatchObject({
      status: 'pending',
      attempts: 0,
    })
    expect(await dispatcher.runOnce()).toBe(1)
    expect((await t.storage.webhooks.getDelivery(target))?.status).toBe('delivered')

    // Another brand's endpoint is not found; deleting one removes it and its deliveries.
    const foreign = { brandId: other, endpointId: failing.endpoint.id }
    expect(await codeOf(updateWebhookEndpoint(ctx, { ...foreign, enabled: false }))).toBe('WEBHOOK_ENDPOINT_NOT_FOUND')
    expect(await codeOf(deleteWebhookEndpoint(ctx, foreign))).toBe('WEBHOOK_ENDPOINT_NOT_FOUND')
    expect(await codeOf(rotateWebhookEndpointSecret(ctx, foreign))).toBe('WEBHOOK_ENDPOINT_NOT_FOUND')
    expect(await codeOf(triggerWebhook(ctx, { brandId: other, endpointId: failing.endpoint.id }))).toBe(
      'WEBHOOK_ENDPOINT_NOT_FOUND',
    )
    expect(await deleteWebhookEndpoint(ctx, { brandId, endpointId: failing.endpoint.id })).toEqual({
      id: failing.endpoint.id,
      deleted: true,
    })
    expect((await listWebhookDeliveryPage(ctx, { brandId, endpointId: failing.endpoint.id })).data).toEqual([])
    expect((await listWebhookEndpoints(ctx, { brandId })).map((e) => e.id)).not.toContain(failing.endpoint.id)
  })
})
