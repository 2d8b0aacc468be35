import { describe, expect, it } from 'vitest'
import { createWebhookDispatcher } from '../src/webhooks/create-webhook-dispatcher'
import { createWebhookEndpoint } from '../src/webhooks/create-webhook-endpoint'
import { listWebhookDeliveryPage } from '../src/webhooks/list-webhook-delivery-page'
import { listWebhookEndpoints } from '../src/webhooks/list-webhook-endpoints'
import { triggerWebhook } from '../src/webhooks/trigger-webhook'
import { updateWebhookEndpoint } from '../src/webhooks/update-webhook-endpoint'
import { testDatabases } from './support/test-databases'
import { startWebhookReceiver } from './support/webhook-receiver'
import { codeOf, confirmPendingMints, useWebhookWorld } from './support/webhook-world'

describe.each(testDatabases())('webhook endpoint rules on $dialect', (db) => {
  const { t, setup } = useWebhookWorld(db)

  it('validates endpoints: URL, event types, description; at most 16 per brand', async () => {
    const { ctx, brandId } = await setup()
    const base = { brandId, url: 'https://hooks.example.com/x', eventTypes: ['*' as const] }
    expect(await codeOf(createWebhookEndpoint(ctx, { ...base, url: 'ftp://example.com/x' }))).toBe('VALIDATION_FAILED')
    expect(await codeOf(createWebhookEndpoint(ctx, { ...base, url: 'https://u:p@example.com/x' }))).toBe(
      'VALIDATION_FAILED',
    )
    expect(await codeOf(createWebhookEndpoint(ctx, { ...base, eventTypes: [] }))).toBe('VALIDATION_FAILED')
    expect(await codeOf(createWebhookEndpoint(ctx, { ...base, eventTypes: ['tokens_burned'] as never }))).toBe(
      'VALIDATION_FAILED',
    )
    expect(await codeOf(createWebhookEndpoint(ctx, { ...base, description: 'a\u0000b' }))).toBe('VALIDATION_FAILED')
    expect(await codeOf(createWebhookEndpoint(ctx, { ...base, brandId: `0x${'9'.repeat(40)}` }))).toBe(
      'BRAND_NOT_FOUND',
    )
    const both = await createWebhookEndpoint(ctx, { ...base, eventTypes: ['tokens_distributed', '*'] })
    expect(both.endpoint.eventTypes).toEqual(['*'])
    const cleared = await updateWebhookEndpoint(ctx, {
      brandId,
      endpointId: both.endpoint.id,
      description: null,
      url: 'https://hooks.example.com/y#frag',
    })
    expect(cleared).toMatchObject({ url: 'https://hooks.example.com/y', description: null, eventTypes: ['*'] })
    // The default endpoint and the one above: 14 more fit, the 17th is refused.
    for (let i = 0; i < 14; i++) await createWebhookEndpoint(ctx, base)
    expect(await codeOf(createWebhookEndpoint(ctx, base))).toBe('WEBHOOK_ENDPOINT_LIMIT')
  })

  it('the SSRF guard applies to every endpoint: a second endpoint on loopback is refused at connect time', async () => {
    const listener = await startWebhookReceiver()
    try {
      const { ctx, clock, brandId, event } = await setup()
      await updateWebhookEndpoint(ctx, {
        brandId,
        endpointId: (await listWebhookEndpoints(ctx, { brandId }))[0]!.id,
        enabled: false,
      })
      const { endpoint } = await createWebhookEndpoint(ctx, { brandId, url: listener.url, eventTypes: ['*'] })
      await event('ssrf@example.com')
      await confirmPendingMints(t.storage, clock.now())
      expect(await createWebhookDispatcher(ctx, { jitter: 0 }).runOnce()).toBe(1)
      const [delivery] = (await listWebhookDeliveryPage(ctx, { brandId, endpointId: endpoint.id })).data
      expect(delivery!.lastError).toContain('EPRIVATEADDRESS')
      const test = await triggerWebhook(ctx, { brandId, endpointId: endpoint.id })
      expect(test.error).toContain('EPRIVATEADDRESS')
      expect(listener.received).toEqual([])
    } finally {
      await listener.close()
    }
  })
})
