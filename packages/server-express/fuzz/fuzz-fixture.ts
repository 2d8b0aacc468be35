import type { Express } from 'express'
import { startTxtDnsServer } from '../../engine/test/support/txt-dns-server'
import { IP_LIMITS_OFF } from '../test/helpers/ip-limits-off'
import { startTestServer, type TestServer } from '../test/helpers/start-test-server'
import { type TestDatabase, testDialects } from '../test/helpers/test-databases'

export const FUZZ_SITE = 'https://shop.example.com'
const FUZZ_METRICS_TOKEN = 'fuzz-metrics-token-0123456789'

/** The brand's keys, and `adminKey`: an API key of scope admin:write (the admin API, docs/admin-api.md). */
type BrandKeys = { brandId: string; apiKey: string; securityKey: string; dnsKey: string; adminKey: string }

/** What the route generators build valid requests from: a running server and real ids and credentials. */
export type FuzzFixture = {
  server: TestServer
  app: Express
  db: TestDatabase
  brand: BrandKeys
  /** A second brand: its credentials must never open the first brand's data. */
  other: BrandKeys
  /** A dev-login access token of `member` and the member's wallet. */
  accessToken: string
  /** An agent key (docs/agent-api.md) and its HMAC secret. */
  agentKey: { id: string; secret: string }
  /** The bearer token `/metrics` requires. */
  metricsToken: string
  member: { email: string; walletAddress: string }
  /** A real event id, checkout session id and the points token (valid path parameters and relay targets). */
  eventId: string
  sessionId: string
  pointsToken: string
  /** A perk of `brand` priced far above anything the member can earn (every redemption is refused). */
  perkId: string
  close(): Promise<void>
}

/** The Express app among the server's request listeners (a test helper prepends one of its own). */
function expressAppOf(server: TestServer): Express {
  const app = server.server.listeners('request').find((l) => 'router' in l)
  if (!app) throw new Error('fixture: no Express app listens on the server')
  return app as unknown as Express
}

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as Record<string, unknown>
  if (res.status !== 200) throw new Error(`fixture: ${path} answered ${res.status} ${JSON.stringify(json)}`)
  return json
}

/**
 * The server as `loyaltykit start` runs it (SQLite + embedded EDR chain, every surface mounted, a
 * metrics token so `/metrics` checks one), with per-IP limits off and per-brand limits raised so the
 * fuzzer reaches past them, a local DNS server (verify-dns never leaves loopback), two brands, a member
 * with an access token, one rewarded event and one checkout session.
 */
export async function startFuzzFixture(env: Record<string, string> = {}): Promise<FuzzFixture> {
  const sqlite = testDialects.find((d) => d.dialect === 'sqlite')
  if (!sqlite) throw new Error('no SQLite test dialect')
  const db = await sqlite.create()
  const dns = await startTxtDnsServer(new Map())
  const server = await startTestServer(db, {
    LOYALTYKIT_DNS_SERVERS: dns.server,
    LOYALTYKIT_METRICS_TOKEN: FUZZ_METRICS_TOKEN,
    // Per-IP limits off: a fuzzer from one address would be 429 after a minute (test/slow-clients-http.test.ts floods them).
    ...IP_LIMITS_OFF,
    LOYALTYKIT_PREGENERATION_PER_MINUTE: '1000000',
    LOYALTYKIT_PREGENERATION_PER_DAY: '100000000',
    LOYALTYKIT_MINT_WAIT_MS: '20000',
    LOYALTYKIT_AGENT_RATE_LIMIT_PER_MIN: '100000000',
    LOYALTYKIT_AGENT_PUBLIC_PER_MIN: '100000000',
    // Request lines, not bodies: 100,000 requests' trace logs (bodies up to 140 KB) would fill memory.
    LOG_LEVEL: 'info',
    ...env,
  })
  try {
    const engine = server.runtime.engine
    const brandOf = async (name: string, site: string): Promise<BrandKeys> => {
      const { brand, keys } = await engine.brands.create({ name, websites: [site] })
      const admin = await engine.apiKeys.create({ brandId: brand.id, scopes: ['admin:write'] })
      return { brandId: brand.id, ...keys, adminKey: admin.apiKey }
    }
    const brand = await brandOf('Fuzz shop', FUZZ_SITE)
    const other = await brandOf('Other shop', 'https://other.example.com')
    const email = 'member@example.com'
    const login = await engine.identity.devLogin({ email })
    const agent = await engine.agent.createKey({ name: 'fuzz agent', tier: 'pro' })
    const event = await post(
      server.base,
      '/loyalty-api/manual-event',
      { brandId: brand.brandId, eventType: 'form_submit', userEmail: email, domain: 'shop.example.com' },
      { authorization: `Bearer ${brand.apiKey}` },
    )
    const checkout = await post(server.base, '/loyalty-api/create-checkout', {
      brandId: brand.brandId,
      amount: 100,
      userEmail: email,
      successUrl: `${FUZZ_SITE}/ok`,
      cancelUrl: `${FUZZ_SITE}/cancel`,
    })
    const chain = server.runtime.chain
    if (!chain) throw new Error('fixture: the server has no chain')
    const perk = await engine.perks.create({ brandId: brand.brandId, name: 'Fuzz perk', price: 1e12, maxSupply: 5 })
    return {
      server,
      app: expressAppOf(server),
      db,
      brand,
      other,
      accessToken: login.accessToken,
      metricsToken: FUZZ_METRICS_TOKEN,
      agentKey: { id: agent.key.id, secret: agent.secret },
      member: { email, walletAddress: login.walletAddress },
      eventId: String(event.eventId),
      sessionId: String(checkout.sessionId),
      pointsToken: chain.contracts.pointsToken,
      perkId: perk.id,
      async close() {
        await server.close()
        await dns.close()
        await db.drop()
      },
    }
  } catch (e) {
    await server.close()
    await dns.close()
    await db.drop()
    throw e
  }
}
