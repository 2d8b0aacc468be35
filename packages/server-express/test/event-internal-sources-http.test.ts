import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson } from './helpers/post-json'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const SITE = 'https://bot.example.com'
const WEI = 10n ** 18n
const SOURCES = ['chat_manual_reward', 'voice_claim', 'gateway_event'] as const

// Internal event sources (spec 01 §8 "Cooldown bypass by source"; docs/event-handler.md#claim-checks):
// with the brand's events-scoped API key they bypass the cooldown and the per-user maximum, never the
// global maximum; without the key the source grants nothing.
describe.each(testDialects)('internal event sources over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string
  let apiKey: string
  let dnsKey: string

  const claim = (eventType: string, userEmail: string, source?: string, key?: string) =>
    postJson(
      s.base,
      '/loyalty-api/manual-event',
      { brandId, eventType, userEmail, domain: 'bot.example.com', ...(source ? { metadata: { source } } : {}) },
      key ? { authorization: `Bearer ${key}` } : {},
    )
  /** A custom rule of the brand (`custom_<name>`), rewarding `fields.rewardAmount`. */
  const customRule = (
    name: string,
    fields: { rewardAmount: number; maxClaims: number; cooldownHours: number; maxTotalClaims?: number },
  ) => s.runtime.engine.rules.set({ brandId, eventType: name, custom: true, ...fields })
  const reasonOf = async (res: Response) => ({ status: res.status, reason: (await res.json()).details?.reason })

  beforeAll(async () => {
    db = await create()
    // Duplicate window off: repeated claims of one user meet the rule's limits, not the 409.
    s = await startTestServer(db, { LOYALTYKIT_MINT_WAIT_MS: '20000', LOYALTYKIT_DUPLICATE_WINDOW_MS: '0' })
    const created = await s.runtime.engine.brands.create({ name: 'Bot', websites: [SITE] })
    brandId = created.brand.id
    apiKey = created.keys.apiKey
    dnsKey = created.keys.dnsKey
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('gives no bypass to a source sent without the key', async () => {
    await customRule('nokey', { rewardAmount: 1, maxClaims: 1, cooldownHours: 24 })
    await customRule('nokey_cool', { rewardAmount: 1, maxClaims: -1, cooldownHours: 24 })
    expect((await claim('custom_nokey', 'plain@example.com')).status).toBe(200)
    expect((await claim('custom_nokey_cool', 'plain@example.com')).status).toBe(200)
    for (const source of SOURCES) {
      expect(await reasonOf(await claim('custom_nokey', 'plain@example.com', source))).toEqual({
        status: 429,
        reason: 'max_claims_reached',
      })
      expect(await reasonOf(await claim('custom_nokey_cool', 'plain@example.com', source))).toEqual({
        status: 429,
        reason: 'cooldown',
      })
    }
    // A key of the brand without the `events` scope (the public DNS key) is refused, not ignored.
    const dns = await claim('custom_nokey', 'plain@example.com', 'voice_claim', dnsKey)
    expect(dns.status).toBe(401)
    expect((await dns.json()).code).toBe('INVALID_API_KEY')
  })

  it('bypasses the cooldown and the per-user maximum with the key, for each internal source', async () => {
    await customRule('chat', { rewardAmount: 5, maxClaims: 1, cooldownHours: 24 })
    const first = await claim('custom_chat', 'member@example.com')
    expect(first.status).toBe(200)
    const wallet = (await first.json()).walletAddress
    expect(await reasonOf(await claim('custom_chat', 'member@example.com'))).toEqual({
      status: 429,
      reason: 'max_claims_reached',
    })
    for (const source of SOURCES) {
      const res = await claim('custom_chat', 'member@example.com', source, apiKey)
      expect(res.status).toBe(200)
      expect((await res.json()).walletAddress).toBe(wallet)
    }
    // A source that is not internal gets nothing from the key.
    expect(await reasonOf(await claim('custom_chat', 'member@example.com', 'website', apiKey))).toEqual({
      status: 429,
      reason: 'max_claims_reached',
    })
    // Their claims count like any other and were minted: 1 + 3 internal.
    expect(await tokenBalance(s, wallet)).toBe(4n * 5n * WEI)

    // Cooldown alone (unlimited claims): bypassed with the key.
    await customRule('chat_cool', { rewardAmount: 1, maxClaims: -1, cooldownHours: 24 })
    expect((await claim('custom_chat_cool', 'member@example.com')).status).toBe(200)
    expect(await reasonOf(await claim('custom_chat_cool', 'member@example.com'))).toEqual({
      status: 429,
      reason: 'cooldown',
    })
    for (const source of SOURCES) {
      expect((await claim('custom_chat_cool', 'member@example.com', source, apiKey)).status).toBe(200)
    }
  })

  it('enforces the global maximum on internal sources with the key', async () => {
    await customRule('capped', { rewardAmount: 2, maxClaims: 1, cooldownHours: 24, maxTotalClaims: 3 })
    // One user fills the global maximum through the bypass: 1 normal + 2 internal claims.
    expect((await claim('custom_capped', 'cap@example.com')).status).toBe(200)
    expect((await claim('custom_capped', 'cap@example.com', 'chat_manual_reward', apiKey)).status).toBe(200)
    expect((await claim('custom_capped', 'cap@example.com', 'voice_claim', apiKey)).status).toBe(200)
    for (const source of SOURCES) {
      for (const user of ['cap@example.com', 'fresh@example.com']) {
        const res = await claim('custom_capped', user, source, apiKey)
        expect(res.status).toBe(429)
        const body = await res.json()
        expect(body.code).toBe('MAX_TOTAL_CLAIMS_REACHED')
        expect(body.details).toMatchObject({ reason: 'max_total_claims_reached', totalClaims: 3, maxTotalClaims: 3 })
        expect(res.headers.get('x-ratelimit-limit')).toBe('3')
        expect(res.headers.get('retry-after')).toBe('86400')
      }
    }
  })
})
