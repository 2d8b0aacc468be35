import { createTestContext } from '@loyaltykit/engine/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { publicOnlyFetch } from '../src/web/public-only-fetch'
import { setWebhookEndpoint } from '../src/webhooks/set-webhook-endpoint'
import { triggerWebhook } from '../src/webhooks/trigger-webhook'
import { testDatabases, useTestStorage } from './support/test-databases'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'

/** The code publicOnlyFetch's rejection carries, or 'sent' when a request went out. */
async function refusalOf(url: string): Promise<string> {
  try {
    const res = await publicOnlyFetch(url, { method: 'POST', body: '{}', redirect: 'manual' })
    await res.body?.cancel()
    return `sent ${res.status}`
  } catch (e) {
    return (e as { cause?: { code?: string } }).cause?.code ?? String(e)
  }
}

describe('publicOnlyFetch (SSRF guard for webhook URLs)', () => {
  let receiver: WebhookReceiver
  beforeAll(async () => {
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await receiver?.close()
  })

  it('refuses loopback, private, link-local (cloud metadata), CGNAT, mapped and unspecified literals without connecting', async () => {
    const port = new URL(receiver.url).port
    const hosts = [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.8',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[fd00::1]',
      '[fe80::1]',
    ]
    for (const host of hosts)
      expect(`${host} ${await refusalOf(`http://${host}:${port}/hooks`)}`).toBe(`${host} EPRIVATEADDRESS`)
    expect(receiver.received).toHaveLength(0)
  })

  it('refuses a name that resolves to loopback, checked on the address it would connect to', async () => {
    const port = new URL(receiver.url).port
    expect(await refusalOf(`http://localhost:${port}/hooks`)).toBe('EPRIVATEADDRESS')
    expect(receiver.received).toHaveLength(0)
  })
})

describe.each(testDatabases())('webhook deliveries to private addresses on $dialect', (db) => {
  const t = useTestStorage(db)
  let receiver: WebhookReceiver
  beforeAll(async () => {
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await receiver?.close()
  })

  it('a test delivery to a loopback endpoint fails with EPRIVATEADDRESS by default and arrives only when allowed', async () => {
    receiver.setAnswer(() => 204)
    const ctx = createTestContext(t.storage)
    const { brand } = await createBrand(ctx, { name: 'Shop', websites: ['https://shop.example.com'] })
    await setWebhookEndpoint(ctx, { brandId: brand.id, url: `${receiver.url}/${brand.id}` })

    const refused = await triggerWebhook(ctx, { brandId: brand.id })
    expect(refused).toMatchObject({ acknowledged: false, statusCode: null })
    expect(refused.error).toMatch(/EPRIVATEADDRESS/)
    expect(receiver.received.filter((r) => r.body.includes(brand.id))).toHaveLength(0)

    const allowed = await triggerWebhook(ctx, { brandId: brand.id }, { allowPrivateAddresses: true })
    expect(allowed).toMatchObject({ acknowledged: true, statusCode: 204 })
    expect(receiver.received.filter((r) => r.body.includes(brand.id))).toHaveLength(1)
  })
})
