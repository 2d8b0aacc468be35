import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../packages/server-express/test/helpers/start-test-server'
import { type TestDatabase, testDialects } from '../../../packages/server-express/test/helpers/test-databases'
import { runExample } from '../src/run-example'
import { startWebhookReceiver, type WebhookReceiver } from '../src/webhook-receiver'

const sqlite = testDialects.find((d) => d.dialect === 'sqlite')!

describe('examples/brand-backend against a running server', () => {
  let db: TestDatabase
  let server: TestServer
  let receiver: WebhookReceiver
  let secret = ''

  beforeAll(async () => {
    db = await sqlite.create()
    server = await startTestServer(db, { LOYALTYKIT_WEBHOOK_POLL_MS: '100', LOYALTYKIT_WEBHOOK_ALLOW_PRIVATE: 'true' })
    receiver = await startWebhookReceiver(() => secret)
  })
  afterAll(async () => {
    await server?.close()
    await receiver?.close()
    await db?.drop()
  })

  it('rewards through the SDK and receives every verified webhook', async () => {
    const engine = server.runtime.engine
    const { brand } = await engine.brands.create({ name: 'Example', websites: ['http://localhost'] })
    secret = (await engine.webhooks.setEndpoint({ brandId: brand.id, url: receiver.url })).secret

    const result = await runExample({ baseUrl: server.base, brandId: brand.id, domain: 'localhost' })
    expect(result.signup.success).toBe(true)
    expect(result.signup.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(result.bulk.processed).toBe(2)
    expect(result.checkout.success).toBe(true)
    expect(result.checkout.checkoutUrl).toContain(`/loyalty-api/dev-checkout/${result.checkout.sessionId}`)

    // The buyer pays on the (local, dev) checkout page; the tokens are minted and a webhook follows.
    const paid = await fetch(`${server.base}/loyalty-api/dev-checkout/${result.checkout.sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)

    for (let i = 0; i < 200 && receiver.events.length < 4; i++) await new Promise((r) => setTimeout(r, 50))
    expect(receiver.rejected).toBe(0)
    expect(receiver.events.map((e) => e.email).sort()).toEqual([
      'ada@example.com',
      'ada@example.com',
      'alan@example.com',
      'grace@example.com',
    ])
    expect(receiver.events.filter((e) => e.tokenAmount === 5000)).toHaveLength(1)
    const ada = receiver.events.find((e) => e.email === 'ada@example.com' && e.tokenAmount === 100)!
    expect(ada).toMatchObject({
      event: 'tokens_distributed',
      brandId: brand.id,
      walletAddress: result.signup.walletAddress,
      tokenAmount: 100,
      transactionHash: result.signup.transactionHash,
    })
  })
})
