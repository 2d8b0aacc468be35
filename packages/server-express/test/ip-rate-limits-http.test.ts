import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IP_LIMIT_DEFAULTS } from '../src/rate-limits/ip-limit-settings'
import { type Call, ipLimitSurfaceCases } from './helpers/ip-limit-surface-cases'
import { type SecondApp, startSecondApp } from './helpers/second-app'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const LIMIT = 3
const LIMITS = {
  LOYALTYKIT_EVENT_HANDLER_IP_PER_MINUTE: String(LIMIT),
  LOYALTYKIT_PREGENERATION_IP_PER_MINUTE: String(LIMIT),
  LOYALTYKIT_RELAYER_IP_PER_MINUTE: String(LIMIT),
  LOYALTYKIT_PERK_CHARGES_IP_PER_MINUTE: String(LIMIT),
  LOYALTYKIT_IDENTITY_IP_PER_MINUTE: String(LIMIT),
  LOYALTYKIT_CONSTRAINTS_IP_PER_MINUTE: String(LIMIT),
  LOYALTYKIT_PAYMENTS_IP_PER_MINUTE: String(LIMIT),
  LOYALTYKIT_PROOFS_IP_PER_MINUTE: String(LIMIT),
  LOYALTYKIT_MEMBERS_IP_PER_MINUTE: String(LIMIT),
  LOYALTYKIT_SITE_IP_PER_MINUTE: String(LIMIT),
}
const SETTINGS = { perMinute: { ...IP_LIMIT_DEFAULTS.perMinute, pregeneration: LIMIT }, ipv6Subnet: 56 }

/** A client address nobody else in this file uses. */
const freshIp = () => `198.51.${randomBytes(2).join('.')}`

/** Windows are clock minutes: start a burst with at least 15 s left in the current one. */
async function insideOneMinute() {
  const left = 60_000 - (Date.now() % 60_000)
  if (left < 15_000) await new Promise((r) => setTimeout(r, left + 50))
}

describe.each(testDialects)('per-IP rate limits over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandKey: string
  let dnsKey: string
  let constraintsKey: string
  let membersKey: string

  const send = (call: Call, headers: Record<string, string> = {}, base = s.base) =>
    fetch(`${base}${call.path}`, {
      method: call.method,
      headers: { ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(call.method === 'POST' ? { body: '{}' } : {}),
    })
  const from = (ip: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...headers })

  /** Sends `calls` in turn from `ip`; answers their statuses. */
  async function statuses(calls: Call[], ip: string, headers: Record<string, string> = {}, base = s.base) {
    const out: number[] = []
    for (const c of calls) out.push((await send(c, from(ip, headers), base)).status)
    return out
  }

  beforeAll(async () => {
    db = await create()
    // A hop count: the address the proxy in front of the server saw is the last X-Forwarded-For entry.
    s = await startTestServer(db, { ...LIMITS, LOYALTYKIT_TRUST_PROXY: '1' })
    const { brand, keys } = await s.runtime.engine.brands.create({ name: 'Limits', websites: ['https://a.example'] })
    brandKey = keys.apiKey
    dnsKey = keys.dnsKey
    constraintsKey = (await s.runtime.engine.apiKeys.create({ brandId: brand.id, scopes: ['constraints'] })).apiKey
    membersKey = (await s.runtime.engine.apiKeys.create({ brandId: brand.id, scopes: ['members_read'] })).apiKey
  }, 60_000)
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  const SURFACES = ipLimitSurfaceCases(LIMIT)

  it.each(SURFACES)(
    'limits the $name per address: 429 in its error shape, X-RateLimit-* and Retry-After',
    async (surface) => {
      await insideOneMinute()
      const ip = freshIp()
      const nextMinute = Math.ceil((Math.floor(Date.now() / 60_000) + 1) * 60)
      const calls = Array.from({ length: LIMIT + 1 }, (_, i) => surface.calls[i % surface.calls.length] as Call)
      const answers: Response[] = []
      for (const c of calls) answers.push(await send(c, from(ip)))
      const allowed = answers.slice(0, LIMIT)
      expect(allowed.map((r) => r.status)).not.toContain(429)
      // Every counted answer says where the address stands (the relayer's /relay says the user's window instead
      // once it relays; these calls are refused before that).
      expect(allowed.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0'])
      for (const r of allowed) {
        expect(r.headers.get('x-ratelimit-limit')).toBe(String(LIMIT))
        expect(r.headers.get('x-ratelimit-reset')).toBe(String(nextMinute))
      }
      const limited = answers[LIMIT] as Response
      expect(limited.status).toBe(429)
      expect(limited.headers.get('content-type')).toMatch(/^application\/json/)
      expect(limited.headers.get('x-ratelimit-limit')).toBe(String(LIMIT))
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
      expect(limited.headers.get('x-ratelimit-reset')).toBe(String(nextMinute))
      const retryAfter = Number(limited.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(60)
      expect(Math.abs(Date.now() / 1000 + retryAfter - nextMinute)).toBeLessThanOrEqual(2)
      surface.body((await limited.json()) as Record<string, unknown>)
      // Another address is served, and the same address on another surface too.
      expect((await send(surface.calls[0] as Call, from(freshIp()))).status).not.toBe(429)
      const other = surface === SURFACES[0] ? SURFACES[1] : SURFACES[0]
      expect((await send(other?.calls[0] as Call, from(ip))).status).not.toBe(429)
    },
  )

  it('never limits health, diagnostic and debug', async () => {
    await insideOneMinute()
    const ip = freshIp()
    expect(await statuses(Array(LIMIT + 1).fill({ method: 'POST', path: '/auth/dev-login' }), ip)).toContain(429)
    for (const path of ['/loyalty-api/health', '/loyalty-api/diagnostic', '/loyalty-api/debug']) {
      const answers = await statuses(Array(LIMIT * 3).fill({ method: 'GET', path }), ip)
      expect(answers.every((st) => st === 200)).toBe(true)
    }
  })

  it('counts IPv6 clients per /56: two addresses of one /64 share a window, another /56 has its own', async () => {
    await insideOneMinute()
    const net = `2001:db8:${randomBytes(2).toString('hex')}`
    const call: Call = { method: 'POST', path: '/auth/dev-login' }
    const limited = async (ip: string) => (await statuses([call], ip))[0] === 429
    expect([await limited(`${net}:1::1`), await limited(`${net}:1::1`)]).toEqual([false, false])
    expect(await limited(`${net}:1::ffff`)).toBe(false)
    expect(await limited(`${net}:1:0:0:0:abcd`)).toBe(true)
    // Same /56 (…:00xx:), another /64: still the same customer.
    expect(await limited(`${net}:42::1`)).toBe(true)
    expect(await limited(`${net}:100::1`)).toBe(false)
  })

  it('counts IPv6 clients per /64 when configured so: two /64s of one /56 have their own windows', async () => {
    await insideOneMinute()
    const per64 = { ...SETTINGS, ipv6Subnet: 64 }
    const second = await startSecondApp(db, s, {}, { rateLimits: per64, config: { trustProxy: 1 } })
    try {
      const net = `2001:db8:${randomBytes(2).toString('hex')}`
      const pregen: Call = { method: 'POST', path: '/loyalty-api/pregenerate-user' }
      const limited = async (ip: string) => (await statuses([pregen], ip, {}, second.base))[0] === 429
      // Four addresses of one /64: one window (3 a minute).
      const one64 = [`${net}:1::1`, `${net}:1::2`, `${net}:1:ffff:ffff:ffff:ffff`, `${net}:1::abcd`]
      const answers: boolean[] = []
      for (const ip of one64) answers.push(await limited(ip))
      expect(answers).toEqual([false, false, false, true])
      // Another /64 of the same /56: its own window.
      expect(await limited(`${net}:2::1`)).toBe(false)
    } finally {
      await second.close()
    }
  })

  it('takes the client from X-Forwarded-For only as far as trust proxy says', async () => {
    await insideOneMinute()
    const call: Call = { method: 'POST', path: '/auth/dev-login' }
    // Hop count 1: the last entry is the address the proxy saw; what the client wrote before it is ignored.
    const proxySaw = freshIp()
    const spoofed: number[] = []
    for (let i = 0; i <= LIMIT; i++) spoofed.push(...(await statuses([call], `${freshIp()}, ${proxySaw}`)))
    expect(spoofed.slice(0, LIMIT)).not.toContain(429)
    expect(spoofed[LIMIT]).toBe(429)
    expect((await statuses([call], `${freshIp()}, ${proxySaw}`))[0]).toBe(429)
    // Without trust proxy (another app on the same database), X-Forwarded-For is ignored: every
    // request counts for the socket's address, whatever the header says.
    const direct = await startSecondApp(db, s, {}, { rateLimits: SETTINGS })
    try {
      const pregen: Call = { method: 'POST', path: '/loyalty-api/pregenerate-user' }
      const answers: number[] = []
      for (let i = 0; i <= LIMIT; i++) answers.push((await send(pregen, from(freshIp()), direct.base)).status)
      expect(answers.slice(0, LIMIT)).not.toContain(429)
      expect(answers[LIMIT]).toBe(429)
    } finally {
      await direct.close()
    }
  })

  it('does not count callers with a valid brand API key; an invalid one counts', async () => {
    await insideOneMinute()
    const ip = freshIp()
    const manual: Call = { method: 'POST', path: '/loyalty-api/manual-event' }
    const withKey = await Promise.all(
      Array.from({ length: LIMIT * 3 }, () => send(manual, from(ip, { authorization: `Bearer ${brandKey}` }))),
    )
    expect(withKey.map((r) => r.status)).not.toContain(429)
    expect(withKey.map((r) => r.headers.get('x-ratelimit-limit'))).toEqual(Array(LIMIT * 3).fill(null))
    const constraint: Call = { method: 'POST', path: '/constraint-updater/invalidate-external-api' }
    const keyed = await statuses(Array(LIMIT * 2).fill(constraint), ip, { authorization: `Bearer ${constraintsKey}` })
    expect(keyed).not.toContain(429)
    // Member reads take either of two scopes: a members_read key is not counted either.
    const member: Call = { method: 'GET', path: '/loyalty-api/members/ann@example.com' }
    expect(await statuses(Array(LIMIT * 2).fill(member), ip, { authorization: `Bearer ${membersKey}` })).not.toContain(
      429,
    )
    // A key of another scope, or an unknown key, is counted against the address.
    const wrongScope = await statuses(Array(LIMIT + 1).fill(constraint), ip, { authorization: `Bearer ${dnsKey}` })
    expect(wrongScope[LIMIT]).toBe(429)
    const bogus = await statuses(Array(LIMIT + 1).fill(manual), ip, {
      authorization: `Bearer lk_${randomBytes(32).toString('base64url')}`,
    })
    expect(bogus.slice(0, LIMIT)).not.toContain(429)
    expect(bogus[LIMIT]).toBe(429)
    // The key still passes while the address is limited.
    expect((await send(manual, from(ip, { authorization: `Bearer ${brandKey}` }))).status).not.toBe(429)
  })

  it('shares each window between two servers on one database', async () => {
    await insideOneMinute()
    const second: SecondApp = await startSecondApp(db, s, {}, { rateLimits: SETTINGS, config: { trustProxy: 1 } })
    try {
      const ip = freshIp()
      const pregen: Call = { method: 'POST', path: '/loyalty-api/pregenerate-user' }
      const bases = [s.base, second.base, s.base, second.base]
      const answers: Response[] = []
      for (const base of bases) answers.push(await send(pregen, from(ip), base))
      expect(answers.map((r) => r.status).slice(0, LIMIT)).not.toContain(429)
      expect(answers.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0'])
      expect(answers[LIMIT]?.status).toBe(429)
      expect((await send(pregen, from(ip))).status).toBe(429)
    } finally {
      await second.close()
    }
  })
})
