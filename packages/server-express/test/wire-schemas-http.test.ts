import {
  checkEligibilityResponseSchema,
  createCheckoutResponseSchema,
  debugResponseSchema,
  devLoginResponseSchema,
  diagnosticResponseSchema,
  getEventConfigResponseSchema,
  getUserWalletResponseSchema,
  healthResponseSchema,
  invalidateConstraintCacheResponseSchema,
  listPointsSaleItemsResponseSchema,
  mintForPaymentResponseSchema,
  pregenerateUserResponseSchema,
  processBulkEventsResponseSchema,
  processEventResponseSchema,
  verifyDnsResponseSchema,
} from '@loyaltykit/engine/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { startTxtDnsServer } from '../../engine/test/support/txt-dns-server'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

// The wire schemas (beside each operation, gathered in packages/engine/src/schemas/index.ts) are what @loyaltykit/sdk's types are generated
// from. The routes are typed by them at compile time; this suite checks real answers at run time, on
// each database (a PostgreSQL int8 that came back as a string would fail here).

/** The body is exactly what the schema describes: parsing neither fails nor drops a field. */
function expectWire<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.parse(body)
  expect(parsed).toEqual(body)
  return parsed
}

describe.each(testDialects)('responses match the wire schemas on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let dns: Awaited<ReturnType<typeof startTxtDnsServer>>
  let brandId: string
  let keys: { apiKey: string; dnsKey: string }
  const records = new Map<string, string[]>()

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${s.base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    expect(res.status, `${method} ${path}`).toBe(200)
    return res.json()
  }

  beforeAll(async () => {
    db = await create()
    dns = await startTxtDnsServer(records)
    s = await startTestServer(db, { LOYALTYKIT_DNS_SERVERS: dns.server, LOYALTYKIT_MINT_WAIT_MS: '20000' })
    const created = await s.runtime.engine.brands.create({ name: 'Shop', websites: ['https://shop.example.com'] })
    brandId = created.brand.id
    keys = created.keys
    records.set('_loyalty.shop.example.com', [`brand_id=${brandId};api_key=${keys.dnsKey}`])
  }, 120_000)
  afterAll(async () => {
    await s?.close()
    await dns?.close()
    await db?.drop()
  })

  it('health, diagnostic, debug', async () => {
    expectWire(healthResponseSchema, await call('GET', '/loyalty-api/health'))
    expectWire(diagnosticResponseSchema, await call('GET', '/loyalty-api/diagnostic'))
    expectWire(debugResponseSchema, await call('GET', '/loyalty-api/debug'))
  })

  it('event handler: event-config, manual-event, bulk-events (success and failure items), verify-dns', async () => {
    expectWire(getEventConfigResponseSchema, await call('GET', `/loyalty-api/event-config?brandId=${brandId}`))
    const event = { brandId, userEmail: 'ann@example.com', domain: 'shop.example.com' }
    expectWire(
      processEventResponseSchema,
      await call('POST', '/loyalty-api/manual-event', { ...event, eventType: 'form_submit' }),
    )
    const bulk = expectWire(
      processBulkEventsResponseSchema,
      await call(
        'POST',
        '/loyalty-api/bulk-events',
        { events: [{ ...event, eventType: 'complete_survey' }, { ...event, eventType: 'form_submit' }, { brandId }] },
        { authorization: `Bearer ${keys.apiKey}` },
      ),
    )
    expect(bulk).toMatchObject({ processed: 1, failed: 2 })
    const dnsAnswer = expectWire(
      verifyDnsResponseSchema,
      await call('POST', '/loyalty-api/verify-dns', { domain: 'shop.example.com' }),
    )
    expect(dnsAnswer.dnsConfigured).toBe(true)
  })

  it('check-eligibility: eligible, and refused with each of the eight reasons', async () => {
    const rules = s.runtime.engine.rules
    await rules.set({
      brandId,
      eventType: 'wire_all',
      custom: true,
      rewardAmount: 4,
      maxTotalClaims: 1,
      channels: ['ops'],
    })
    await rules.set({ brandId, eventType: 'wire_off', custom: true, rewardAmount: 4, enabled: false })
    const event = { brandId, userEmail: 'wire@example.com', domain: 'shop.example.com' }
    const check = async (body: Record<string, unknown>) =>
      expectWire(checkEligibilityResponseSchema, await call('POST', '/loyalty-api/check-eligibility', body))
    expect(await check({ ...event, eventType: 'custom_wire_all' })).toEqual({
      eligible: true,
      rewardAmount: 4,
      reasons: [],
    })
    await call('POST', '/loyalty-api/manual-event', { ...event, eventType: 'custom_wire_all' })
    const codes = async (body: Record<string, unknown>) => (await check(body)).reasons.map((r) => r.code)
    expect(await codes({ ...event, eventType: 'custom_wire_all', channel_id: 'random' })).toEqual([
      'channel',
      'duplicate',
      'max_total_claims',
      'max_claims',
      'cooldown',
    ])
    expect(await codes({ ...event, eventType: 'custom_wire_off' })).toEqual(['disabled'])
    expect(await codes({ ...event, eventType: 'referral' })).toEqual(['unknown_event'])
    expect(await codes({ ...event, eventType: 'custom_wire_all', domain: 'evil.example.org' })).toEqual(['domain'])
  })

  it('payments: create-checkout, then payment-mint of the paid session twice', async () => {
    const checkout = expectWire(
      createCheckoutResponseSchema,
      await call('POST', '/loyalty-api/create-checkout', {
        brandId,
        amount: 100,
        userEmail: 'bob@example.com',
        successUrl: 'https://shop.example.com/ok',
        cancelUrl: 'https://shop.example.com/cancel',
      }),
    )
    const paid = await fetch(`${s.base}/loyalty-api/dev-checkout/${checkout.sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    expectWire(
      mintForPaymentResponseSchema,
      await call('POST', '/loyalty-api/payment-mint', { sessionId: checkout.sessionId }),
    )
    const again = expectWire(
      mintForPaymentResponseSchema,
      await call('POST', '/loyalty-api/payment-mint', { sessionId: checkout.sessionId }),
    )
    expect(again.alreadyProcessed).toBe(true)
  })

  it('pregenerate-user, constraint invalidation, dev-login and wallet', async () => {
    const body = { brand_id: brandId, oauth_provider: 'github', oauth_user_id: '7412589' }
    expectWire(pregenerateUserResponseSchema, await call('POST', '/loyalty-api/pregenerate-user', body))
    expectWire(
      invalidateConstraintCacheResponseSchema,
      await call(
        'POST',
        '/constraint-updater/invalidate-external-api',
        { api_url: 'https://api.example.com/check', collection_id: 1 },
        { authorization: `Bearer ${keys.apiKey}` },
      ),
    )
    const login = expectWire(
      devLoginResponseSchema,
      await call('POST', '/auth/dev-login', { email: 'ann@example.com' }),
    )
    const wallet = expectWire(
      getUserWalletResponseSchema,
      await call('GET', '/wallet', undefined, { authorization: `Bearer ${login.accessToken}` }),
    )
    expect(wallet.balance).toBe('85') // form_submit 10 + complete_survey 75
  })

  it('the points-sale listing', async () => {
    await s.runtime.engine.pointsSale.add({ brandId, name: 'Tote bag', price: 40, stock: 2, description: 'Blue' })
    const page = expectWire(listPointsSaleItemsResponseSchema, await call('GET', '/points-sale/items?limit=10'))
    expect(page.items.map((i) => i.name)).toEqual(['Tote bag'])
  })
})
