import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson } from './helpers/post-json'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITES = ['https://shop.example.com', 'https://www.other-shop.example.net']
const CONFIGURED = ['shop.example.com', 'www.other-shop.example.net']

// Where an event's domain comes from when the body has no `domain` (spec 01 §5.1: `domain`, else
// `sourceUrl`, else the Origin header), and how it is authorized against the brand's websites
// (docs/event-handler.md#domain-authorisation). The stored event records the domain that was used.
describe.each(testDialects)('event domain from sourceUrl and Origin over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string
  let n = 0

  /** A manual-event for a fresh user (no claim limit interferes), without `domain` unless given. */
  const send = (fields: { domain?: string; sourceUrl?: string }, origin?: string) =>
    postJson(
      s.base,
      '/loyalty-api/manual-event',
      { brandId, eventType: 'account_creation', userEmail: `d${++n}@example.com`, ...fields },
      origin ? { origin } : {},
    )
  const storedDomain = async (res: Response) => {
    expect(res.status).toBe(200)
    const { eventId } = await res.json()
    return (await s.runtime.storage.events.get(eventId))?.domain
  }
  const refusal = async (res: Response) => {
    expect(res.status).toBe(403)
    const body = await res.json()
    expect(body).toMatchObject({ success: false, code: 'DOMAIN_NOT_AUTHORIZED' })
    expect(body.details.configuredDomains).toEqual(CONFIGURED)
    return { error: body.error as string, domain: body.details.domain as string | null }
  }

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_MINT_WAIT_MS: '20000' })
    brandId = (await s.runtime.engine.brands.create({ name: 'Domains', websites: SITES })).brand.id
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('takes the domain from sourceUrl when domain is absent, for a configured host and its subdomains', async () => {
    expect(await storedDomain(await send({ sourceUrl: 'https://shop.example.com/thanks?order=1' }))).toBe(
      'shop.example.com',
    )
    expect(await storedDomain(await send({ sourceUrl: 'https://eu.shop.example.com/signup' }))).toBe(
      'eu.shop.example.com',
    )
    expect(await storedDomain(await send({ sourceUrl: 'http://a.b.shop.example.com:8080/x#y' }))).toBe(
      'a.b.shop.example.com',
    )
    expect(await storedDomain(await send({ sourceUrl: 'https://SHOP.Example.COM/' }))).toBe('shop.example.com')
    // The second website is configured with its `www.`: its own subdomains match, its parent does not.
    expect(await storedDomain(await send({ sourceUrl: 'https://cdn.www.other-shop.example.net/p' }))).toBe(
      'cdn.www.other-shop.example.net',
    )
  })

  it('refuses a sourceUrl whose host is not a configured website, naming it', async () => {
    const evil = await refusal(await send({ sourceUrl: 'https://evil.example.org/shop.example.com' }))
    expect(evil).toEqual({
      domain: 'evil.example.org',
      error: `Domain not authorized: evil.example.org is not configured for this brand (configured: ${CONFIGURED.join(', ')})`,
    })
    // A parent of a configured website, and a look-alike suffix, are other sites.
    expect((await refusal(await send({ sourceUrl: 'https://other-shop.example.net/' }))).domain).toBe(
      'other-shop.example.net',
    )
    expect((await refusal(await send({ sourceUrl: 'https://evilshop.example.com/' }))).domain).toBe(
      'evilshop.example.com',
    )
  })

  it('prefers domain over sourceUrl, and sourceUrl over Origin', async () => {
    // `domain` wins: an unauthorized sourceUrl is not looked at.
    expect(
      await storedDomain(await send({ domain: 'shop.example.com', sourceUrl: 'https://evil.example.org/x' })),
    ).toBe('shop.example.com')
    // An authorized domain does not rescue an unauthorized one given first.
    expect(
      (await refusal(await send({ domain: 'evil.example.org', sourceUrl: 'https://shop.example.com/' }))).domain,
    ).toBe('evil.example.org')
    // sourceUrl wins over Origin (same site: accepted; the stored domain is sourceUrl's host).
    expect(
      await storedDomain(await send({ sourceUrl: 'https://eu.shop.example.com/p' }, 'https://shop.example.com')),
    ).toBe('eu.shop.example.com')
    // A page cannot name another site in sourceUrl: its Origin must match the event's domain.
    const lying = await refusal(await send({ sourceUrl: 'https://shop.example.com/p' }, 'https://evil.example.org'))
    expect(lying.error).toBe(
      'Domain not authorized: the page at evil.example.org cannot send events for shop.example.com',
    )
  })

  it('takes the domain from the Origin header when domain and sourceUrl are both absent', async () => {
    expect(await storedDomain(await send({}, 'https://shop.example.com'))).toBe('shop.example.com')
    expect(await storedDomain(await send({}, 'https://eu.shop.example.com:8443'))).toBe('eu.shop.example.com')
    const evil = await refusal(await send({}, 'https://evil.example.org'))
    expect(evil.domain).toBe('evil.example.org')
    expect(evil.error).toMatch(/^Domain not authorized: evil\.example\.org is not configured/)
    // No domain from anywhere (an opaque `null` Origin counts as none).
    expect(await refusal(await send({}))).toEqual({ domain: null, error: 'Domain not authorized' })
    expect((await refusal(await send({}, 'null'))).domain).toBeNull()
  })

  it('judges each bulk item by its own sourceUrl', async () => {
    const res = await postJson(s.base, '/loyalty-api/bulk-events', {
      events: [
        {
          brandId,
          eventType: 'account_creation',
          userEmail: 'bulk1@example.com',
          sourceUrl: 'https://shop.example.com/a',
        },
        {
          brandId,
          eventType: 'account_creation',
          userEmail: 'bulk2@example.com',
          sourceUrl: 'https://evil.example.org/',
        },
      ],
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.results.map((r: { success: boolean; code?: string }) => r.code ?? 'ok')).toEqual([
      'ok',
      'DOMAIN_NOT_AUTHORIZED',
    ])
    expect((await s.runtime.storage.events.get(body.results[0].eventId))?.domain).toBe('shop.example.com')
  })
})
