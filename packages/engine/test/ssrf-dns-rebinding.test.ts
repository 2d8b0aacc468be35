import { Resolver } from 'node:dns/promises'
import { DEFAULT_CONSTRAINT_CHECK_OPTIONS, isLoyaltyError } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { checkPurchaseConstraint } from '../src/constraints/check-purchase-constraint'
import { setPerkConstraint } from '../src/constraints/set-perk-constraint'
import { createPublicOnlyLookup } from '../src/web/public-only-lookup'
import { setWebhookEndpoint } from '../src/webhooks/set-webhook-endpoint'
import { triggerWebhook } from '../src/webhooks/trigger-webhook'
import { type RebindingDnsServer, startRebindingDnsServer } from './support/rebinding-dns-server'
import { testDatabases, useTestStorage } from './support/test-databases'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'

const PUBLIC = '93.184.216.34'
const ALICE = '0x00000000000000000000000000000000000a11ce'

/** What a check-then-connect guard does first: resolve the name and look at the answer. */
async function checkedAnswer(dns: RebindingDnsServer, name: string) {
  const resolver = new Resolver()
  resolver.setServers([dns.address])
  return resolver.resolve4(name)
}

/**
 * DNS rebinding against the SSRF guard (`createPublicOnlyLookup`, used by webhook deliveries and
 * constraint URLs): a real DNS server on loopback answers a public address to a name's first query
 * and 127.0.0.1 to the next, TTL 0. The guard resolves through it (`dnsServers`, the server's
 * `LOYALTYKIT_DNS_SERVERS`) on the connection itself, so the private answer is the one it checks:
 * refused with EPRIVATEADDRESS, and no request reaches the loopback listener.
 */
describe('the SSRF guard against a DNS-rebinding server', () => {
  let dns: RebindingDnsServer
  beforeAll(async () => {
    const rebind = [[PUBLIC], ['127.0.0.1']]
    dns = await startRebindingDnsServer({
      'lookup.rebind.test': rebind,
      'hooks.rebind.test': rebind,
      'both.rebind.test': [[PUBLIC, '127.0.0.1']],
      'api.rebind.test': rebind,
    })
  })
  afterAll(async () => {
    await dns?.close()
  })

  it('the guard passes the public answer and refuses the private one that follows, asking again each time', async () => {
    const lookup = createPublicOnlyLookup({ dnsServers: [dns.address] })
    const ask = () =>
      new Promise<string>((resolve) =>
        lookup('lookup.rebind.test', {}, (err, address) =>
          resolve(err ? String((err as { code?: string }).code) : String(address)),
        ),
      )
    expect(await ask()).toBe(PUBLIC)
    expect(await ask()).toBe('EPRIVATEADDRESS')
    expect(dns.aQueries('lookup.rebind.test')).toBe(2)
  })

  describe.each(testDatabases())('deliveries and constraint checks on $dialect', (db) => {
    const t = useTestStorage(db)
    let receiver: WebhookReceiver
    let port: string
    beforeAll(async () => {
      receiver = await startWebhookReceiver()
      receiver.setAnswer(() => 204)
      port = new URL(receiver.url).port
    })
    afterAll(async () => {
      await receiver?.close()
    })

    it('a webhook delivery to a name that answered a public address to the check is refused at connect time', async () => {
      const name = 'hooks.rebind.test'
      const ctx = createTestContext(t.storage)
      const { brand } = await createBrand(ctx, { name: 'Shop', websites: ['https://shop.example.com'] })
      await setWebhookEndpoint(ctx, { brandId: brand.id, url: `http://${name}:${port}/hooks` })
      const before = dns.aQueries(name)
      if (before === 0) expect(await checkedAnswer(dns, name)).toEqual([PUBLIC])

      const sent = await triggerWebhook(ctx, { brandId: brand.id }, { dnsServers: [dns.address] })
      expect(sent).toMatchObject({ acknowledged: false, statusCode: null })
      expect(sent.error).toMatch(/EPRIVATEADDRESS/)
      expect(dns.aQueries(name)).toBeGreaterThan(Math.max(before, 1))
      expect(receiver.received).toHaveLength(0)
    })

    it('a webhook delivery to a name answering a public and a private address at once is refused', async () => {
      const ctx = createTestContext(t.storage)
      const { brand } = await createBrand(ctx, { name: 'Shop 2', websites: ['https://shop2.example.com'] })
      await setWebhookEndpoint(ctx, { brandId: brand.id, url: `http://both.rebind.test:${port}/hooks` })
      const sent = await triggerWebhook(ctx, { brandId: brand.id }, { dnsServers: [dns.address] })
      expect(sent.error).toMatch(/EPRIVATEADDRESS/)
      expect(receiver.received).toHaveLength(0)
    })

    it('a constraint URL whose name answered a public address to the check is refused at connect time', async () => {
      const name = 'api.rebind.test'
      const ctx = createTestContext(t.storage, {
        constraints: { ...DEFAULT_CONSTRAINT_CHECK_OPTIONS, dnsServers: [dns.address] },
      })
      const { brand } = await createBrand(ctx, { name: 'Shop 3', websites: [] })
      await setPerkConstraint(ctx, { brandId: brand.id, collectionId: 7, apiUrl: `http://${name}:${port}/allow` })
      const before = dns.aQueries(name)
      if (before === 0) expect(await checkedAnswer(dns, name)).toEqual([PUBLIC])

      const refused = await checkPurchaseConstraint(ctx, { collectionId: 7, userAddress: ALICE }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(isLoyaltyError(refused) && refused.code).toBe('CONSTRAINT_CHECK_FAILED')
      expect(isLoyaltyError(refused) && refused.details).toMatchObject({
        reason: 'the URL resolves to a private or reserved address',
      })
      const cause = (refused as { cause?: { code?: string; cause?: { code?: string } } }).cause
      expect(cause?.code ?? cause?.cause?.code).toBe('EPRIVATEADDRESS')
      expect(dns.aQueries(name)).toBeGreaterThan(Math.max(before, 1))
      expect(receiver.received).toHaveLength(0)
    })
  })
})
