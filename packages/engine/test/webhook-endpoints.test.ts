import { beforeAll, describe, expect, it } from 'vitest'
import { webhooks as sdkWebhooks } from '../../sdk/src/index'
import { createBrand } from '../src/brands/create-brand'
import { acceptEvent } from '../src/events/accept-event'
import { createWebhookDispatcher } from '../src/webhooks/create-webhook-dispatcher'
import { listWebhookDeliveries } from '../src/webhooks/list-webhook-deliveries'
import { setWebhookEndpoint } from '../src/webhooks/set-webhook-endpoint'
import { setWebhookEndpointEnabled } from '../src/webhooks/set-webhook-endpoint-enabled'
import { testDatabases } from './support/test-databases'
import type { WebhookReceiver } from './support/webhook-receiver'
import { codeOf, confirmPendingMints, useWebhookWorld } from './support/webhook-world'

describe.each(testDatabases())('webhook endpoints and delivery log on $dialect', (db) => {
  const w = useWebhookWorld(db)
  const { t, setup } = w
  let receiver: WebhookReceiver
  beforeAll(() => {
    receiver = w.receiver
  })

  it('endpoint: validated URL, secret shown once and stored encrypted, rotation, disable holds deliveries', async () => {
    receiver.setAnswer(() => 200)
    const { ctx, clock, brandId, secret, forBrand, event } = await setup()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32)
    // The secret is the endpoint's own since endpoints are several per brand (migration 0027).
    const endpointId = (await t.storage.webhooks.getDefaultEndpoint(brandId))!.id
    const stored = (await t.storage.webhooks.getEndpointSecrets(endpointId))?.secret
    expect(stored).toBeDefined()
    expect(stored).not.toContain(secret.slice(6, 20))
    expect(ctx.keyVault.decrypt(stored!)).toBe(secret)
    const raw = await t.database.db.selectFrom('webhook_endpoints').selectAll().execute()
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
    const dispatcher = createWebhookDispatcher(ctx, { allowPrivateAddresses: true, jitter: 0 })
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
})
