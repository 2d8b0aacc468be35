import { isLoyaltyError } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhooks as sdkWebhooks } from '../../sdk/src/index'
import { createBrand } from '../src/brands/create-brand'
import { createWebhookDispatcher } from '../src/webhooks/create-webhook-dispatcher'
import { listWebhookDeliveries } from '../src/webhooks/list-webhook-deliveries'
import { redeliverWebhook } from '../src/webhooks/redeliver-webhook'
import { setWebhookEndpoint } from '../src/webhooks/set-webhook-endpoint'
import { setWebhookEndpointEnabled } from '../src/webhooks/set-webhook-endpoint-enabled'
import { triggerWebhook } from '../src/webhooks/trigger-webhook'
import { testDatabases, useTestStorage } from './support/test-databases'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (isLoyaltyError(e)) return e.code
    throw e
  }
}

describe.each(testDatabases())('webhook trigger (test deliveries) on $dialect', (db) => {
  const t = useTestStorage(db)
  let receiver: WebhookReceiver

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await receiver?.close()
  })

  async function brandWithEndpoint() {
    const ctx = createTestContext(t.storage)
    const { brand } = await createBrand(ctx, { name: 'Shop', websites: ['https://shop.example.com'] })
    const { secret } = await setWebhookEndpoint(ctx, { brandId: brand.id, url: `${receiver.url}/${brand.id}` })
    const forBrand = () => receiver.received.filter((r) => r.body.includes(brand.id))
    return { ctx, brandId: brand.id, secret, forBrand }
  }

  it('sends a realistic tokens_distributed now, signed as real deliveries are, and logs it as a test delivery', async () => {
    receiver.setAnswer(() => 204)
    const { ctx, brandId, secret, forBrand } = await brandWithEndpoint()
    const before = Date.now()
    const sent = await triggerWebhook(ctx, { brandId }, { allowPrivateAddresses: true })

    const [request] = forBrand()
    expect(forBrand()).toHaveLength(1)
    const verified = await sdkWebhooks.verify(request!.body, request!.headers, secret)
    expect(Object.keys(verified)).toEqual([
      'event',
      'brandId',
      'userId',
      'email',
      'walletAddress',
      'tokenAmount',
      'transactionHash',
      'timestamp',
    ])
    expect(verified).toMatchObject({ event: 'tokens_distributed', brandId, tokenAmount: 100 })
    expect(verified.walletAddress).toMatch(/^0x[0-9a-f]{40}$/)
    expect(verified.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(verified.timestamp).toBeGreaterThanOrEqual(before)
    expect(request!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/)
    expect(request!.headers['user-agent']).toBe('loyaltykit-webhooks/1')

    expect(sent).toMatchObject({
      url: `${receiver.url}/${brandId}`,
      payload: verified,
      acknowledged: true,
      statusCode: 204,
      error: null,
    })
    expect(sent.latencyMs).toBeGreaterThan(0)
    expect(sent.latencyMs).toBeLessThan(10_000)
    expect(sent.delivery).toMatchObject({
      id: request!.headers['webhook-id'],
      brandId,
      eventType: 'tokens_distributed',
      test: true,
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 204,
      lastError: null,
      nextAttemptAt: null,
    })
    expect(sent.delivery.eventId).toMatch(/^test_[0-9a-f]{32}$/)
    expect(await listWebhookDeliveries(ctx, { brandId })).toEqual([sent.delivery])
    // Nothing is left for a dispatcher: the test was delivered here.
    expect(await createWebhookDispatcher(ctx, { allowPrivateAddresses: true }).runOnce()).toBe(0)
  })

  it('a refused test is failed at once (no retries); a redeliver sends the same body again through the dispatcher', async () => {
    receiver.setAnswer(() => 500)
    const { ctx, brandId, secret, forBrand } = await brandWithEndpoint()
    const sent = await triggerWebhook(ctx, { brandId, event: 'tokens_distributed' }, { allowPrivateAddresses: true })
    expect(sent).toMatchObject({ acknowledged: false, statusCode: 500, error: 'HTTP 500: receiver says 500' })
    expect(sent.delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 500, nextAttemptAt: null })
    const dispatcher = createWebhookDispatcher(ctx, { allowPrivateAddresses: true, jitter: 0 })
    expect(await dispatcher.runOnce()).toBe(0)

    receiver.setAnswer(() => 200)
    await redeliverWebhook(ctx, { deliveryId: sent.delivery.id })
    expect(await dispatcher.runOnce()).toBe(1)
    const [first, again] = forBrand()
    expect(again?.headers['webhook-id']).toBe(sent.delivery.id)
    expect(again?.body).toBe(first?.body)
    await expect(sdkWebhooks.verify(again!.body, again!.headers, secret)).resolves.toEqual(sent.payload)
    const [logged] = await listWebhookDeliveries(ctx, { brandId })
    expect(logged).toMatchObject({ id: sent.delivery.id, test: true, status: 'delivered', lastStatusCode: 200 })
  })

  it('an endpoint that does not answer: failed with the reason, no status code', async () => {
    receiver.setAnswer(() => 'drop')
    const { ctx, brandId } = await brandWithEndpoint()
    const sent = await triggerWebhook(ctx, { brandId }, { timeoutMs: 2_000, allowPrivateAddresses: true })
    expect(sent).toMatchObject({ acknowledged: false, statusCode: null })
    expect(sent.error).toMatch(/^network error/)
    expect(sent.delivery).toMatchObject({ status: 'failed', lastStatusCode: null, lastError: sent.error })
  })

  it('refuses an unknown event type, an unknown brand, a brand without endpoint and a disabled endpoint', async () => {
    receiver.setAnswer(() => 200)
    const { ctx, brandId, forBrand } = await brandWithEndpoint()
    const { brand: bare } = await createBrand(ctx, { name: 'Bare', websites: [] })
    expect(await codeOf(triggerWebhook(ctx, { brandId, event: 'points_spent' as never }))).toBe('VALIDATION_FAILED')
    expect(await codeOf(triggerWebhook(ctx, { brandId: `0x${'7'.repeat(40)}` }))).toBe('BRAND_NOT_FOUND')
    expect(await codeOf(triggerWebhook(ctx, { brandId: bare.id }))).toBe('WEBHOOK_ENDPOINT_NOT_FOUND')
    await setWebhookEndpointEnabled(ctx, { brandId, enabled: false })
    expect(await codeOf(triggerWebhook(ctx, { brandId }))).toBe('WEBHOOK_ENDPOINT_DISABLED')
    expect(forBrand()).toHaveLength(0)
    expect(await listWebhookDeliveries(ctx, { brandId })).toEqual([])
  })
})
