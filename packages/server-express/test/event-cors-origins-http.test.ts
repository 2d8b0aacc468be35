import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The engine's loopback DNS server (dns2): verify-dns answers at once (no record) instead of waiting.
import { startTxtDnsServer } from '../../engine/test/support/txt-dns-server'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const ADMIN = 'https://admin.loyalty.example'
const TOOL = 'http://127.0.0.1:5173'
const SITE = 'https://shop.example.com'
/** Neither configured nor a brand website, and look-alikes of the configured origins. */
const STRANGERS = [
  'https://stranger.example.net',
  'http://admin.loyalty.example',
  'https://admin.loyalty.example.evil.net',
  'https://eu.admin.loyalty.example',
  'http://127.0.0.1:5174',
]

type Endpoint = { method: 'GET' | 'POST'; path: string; body?: (brandId: string) => unknown }
/** Every endpoint of the event handler (docs/event-handler.md). */
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/loyalty-api/event-config?brandId=' },
  {
    method: 'POST',
    path: '/loyalty-api/manual-event',
    body: (brandId) => ({
      brandId,
      eventType: 'account_creation',
      userEmail: 'cors@example.com',
      domain: 'shop.example.com',
    }),
  },
  {
    method: 'POST',
    path: '/loyalty-api/bulk-events',
    body: (brandId) => ({
      events: [{ brandId, eventType: 'form_submit', userEmail: 'cors@example.com', domain: 'shop.example.com' }],
    }),
  },
  { method: 'POST', path: '/loyalty-api/verify-dns', body: () => ({ domain: 'shop.example.com' }) },
  { method: 'GET', path: '/sdk.js' },
]

// LOYALTYKIT_CORS_ORIGINS (docs/configuration.md, docs/event-handler.md#cors): the service's own
// origins are always allowed on every event endpoint, whatever brand the request names; never `*`.
describe.each(testDialects)('LOYALTYKIT_CORS_ORIGINS on the event endpoints on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string
  let dns: Awaited<ReturnType<typeof startTxtDnsServer>>

  const url = (e: Endpoint) => `${s.base}${e.path}${e.path.endsWith('=') ? brandId : ''}`
  const preflight = (e: Endpoint, origin: string) =>
    fetch(url(e), {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': e.method,
        'access-control-request-headers': 'content-type,authorization',
      },
    })
  const actual = (e: Endpoint, origin: string) =>
    fetch(url(e), {
      method: e.method,
      headers: { origin, ...(e.body ? { 'content-type': 'application/json' } : {}) },
      ...(e.body ? { body: JSON.stringify(e.body(brandId)) } : {}),
    })
  const expectAllowed = (res: Response, origin: string) => {
    expect(res.headers.get('access-control-allow-origin')).toBe(origin)
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
    expect(res.headers.get('vary')).toMatch(/\bOrigin\b/i)
  }
  const expectRefused = (res: Response) => {
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    expect(res.headers.get('access-control-allow-methods')).toBeNull()
  }

  beforeAll(async () => {
    db = await create()
    dns = await startTxtDnsServer(new Map())
    s = await startTestServer(db, {
      LOYALTYKIT_CORS_ORIGINS: `${ADMIN}, ${TOOL}/`,
      LOYALTYKIT_MINT_WAIT_MS: '20000',
      LOYALTYKIT_DNS_SERVERS: dns.server,
    })
    brandId = (await s.runtime.engine.brands.create({ name: 'Cors', websites: [SITE] })).brand.id
  })
  afterAll(async () => {
    await s?.close()
    await dns?.close()
    await db?.drop()
  })

  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path.split('?')[0]}`, e] as const))(
    'allows the configured service origins on %s (preflight and request), never *',
    async (_name, e) => {
      for (const origin of [ADMIN, TOOL]) {
        const pre = await preflight(e, origin)
        expect(pre.status).toBe(204)
        expectAllowed(pre, origin)
        expect(pre.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS')
        const allowHeaders = (pre.headers.get('access-control-allow-headers') ?? '').split(/,\s*/)
        expect(allowHeaders.slice(0, 2)).toEqual(['Content-Type', 'Authorization'])
        expect(Number(pre.headers.get('access-control-max-age'))).toBeGreaterThan(0)

        const res = await actual(e, origin)
        expect(res.status).not.toBe(404)
        expectAllowed(res, origin)
        expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Request-Id/)
        expect(res.headers.get('access-control-expose-headers')).toMatch(/Retry-After/)
        await res.arrayBuffer()
      }
    },
  )

  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path.split('?')[0]}`, e] as const))(
    'gives an origin that is neither configured nor a brand website no allow-origin on %s',
    async (_name, e) => {
      for (const origin of STRANGERS) {
        const pre = await preflight(e, origin)
        expect(pre.status).toBe(204)
        expectRefused(pre)
        const res = await actual(e, origin)
        expectRefused(res)
        await res.arrayBuffer()
      }
    },
  )

  it('still answers a service origin whose event is refused, so that its page can read why', async () => {
    const res = await fetch(`${s.base}/loyalty-api/manual-event`, {
      method: 'POST',
      headers: { origin: ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ brandId, eventType: 'account_creation', userEmail: 'admin@example.com' }),
    })
    // The admin page is not the brand's website: no reward, but a readable 403.
    expect(res.status).toBe(403)
    expectAllowed(res, ADMIN)
    expect((await res.json()).code).toBe('DOMAIN_NOT_AUTHORIZED')
    // The brand's own website is allowed on its requests without being configured.
    const own = await fetch(`${s.base}/loyalty-api/event-config?brandId=${brandId}`, { headers: { origin: SITE } })
    expectAllowed(own, SITE)
  })
})
