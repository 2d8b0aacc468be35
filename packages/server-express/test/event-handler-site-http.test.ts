import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The engine's loopback DNS server (dns2) for verify-dns.
import { startTxtDnsServer } from '../../engine/test/support/txt-dns-server'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://shop.example.com'

describe.each(testDialects)("the event handler as a brand's website meets it, on $dialect", ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${s.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })

  const records = new Map<string, string[]>()
  let dns: Awaited<ReturnType<typeof startTxtDnsServer>>

  beforeAll(async () => {
    db = await create()
    dns = await startTxtDnsServer(records)
    s = await startTestServer(db, { LOYALTYKIT_DNS_SERVERS: dns.server })
    brandId = (await s.runtime.engine.brands.create({ name: 'Shop', websites: [SITE] })).brand.id
  })
  afterAll(async () => {
    await s?.close()
    await dns?.close()
    await db?.drop()
  })

  it('answers CORS preflights and echoes only authorized origins, never *', async () => {
    const pre = await fetch(`${s.base}/loyalty-api/manual-event`, {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS')
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/^Content-Type, Authorization/)
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true')

    const evil = await fetch(`${s.base}/loyalty-api/event-config?brandId=${brandId}`, {
      headers: { origin: 'https://evil.example.org' },
    })
    expect(evil.headers.get('access-control-allow-origin')).toBeNull()
    const good = await fetch(`${s.base}/loyalty-api/event-config?brandId=${brandId}`, { headers: { origin: SITE } })
    expect(good.headers.get('access-control-allow-origin')).toBe(SITE)
    const evilPre = await fetch(`${s.base}/loyalty-api/event-config`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.org' },
    })
    expect(evilPre.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('verifies a brand through a real DNS TXT record', async () => {
    const { brand: dnsBrand, keys } = await s.runtime.engine.brands.create({
      name: 'Dns',
      websites: ['https://dns.example.net'],
    })
    records.set('_loyalty.dns.example.net', [`brand_id=${dnsBrand.id};api_key=${keys.dnsKey}`])
    const ok = await (await post('/loyalty-api/verify-dns', { domain: 'dns.example.net' })).json()
    expect(ok).toEqual({ success: true, domain: 'dns.example.net', dnsConfigured: true, brandId: dnsBrand.id })
    const none = await (await post('/loyalty-api/verify-dns', { domain: 'other.example.net' })).json()
    expect(none).toMatchObject({ dnsConfigured: false })
    expect((await post('/loyalty-api/verify-dns', {})).status).toBe(400)
  })

  it('serves sdk.js as JavaScript with caching headers', async () => {
    const res = await fetch(`${s.base}/sdk.js`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(res.headers.get('cache-control')).toMatch(/max-age/)
    expect(await res.text()).toMatch(/LoyaltyKit/)
  })
})
