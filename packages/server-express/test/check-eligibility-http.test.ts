import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countRows } from './helpers/count-rows'
import { CASES, type Caller, DOMAIN, SITE } from './helpers/eligibility-cases'
import { expectSameRefusal, MANUAL_EVENT_ANSWER } from './helpers/expect-same-refusal'
import { postJson } from './helpers/post-json'
import { queryTestDatabase } from './helpers/query-test-database'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

/** Prior claims are moved this far back: out of the 60 s duplicate window, inside a 24 h cooldown. */
const AGE_MS = 120_000
/**
 * Tables only the minter writes (after a request committed a mint job): they may move in the background.
 * And `rate_limits`: the per-IP limit counts every request of the event handler, dry runs too (docs/rate-limits.md).
 */
const MINTER_TABLES = [
  'mint_batches',
  'mint_transactions',
  'chain_journal',
  'signer_nonces',
  'released_nonces',
  'leases',
  'rate_limits',
]

const slug = (name: string) =>
  name
    .replace(/[^a-z0-9]+/gi, '_')
    .toLowerCase()
    .slice(0, 40)

// check-eligibility and manual-event judged side by side (docs/api/check-eligibility.md): for each
// case the state is built through the API (prior claims moved back in time with SQL), the dry run
// is asked, every table's row count is compared before and after it, then the same manual-event is
// sent: eligible ⇔ 200, otherwise the first reason is manual-event's refusal (code, status, details).
describe.each(testDialects)('check-eligibility agrees with manual-event on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string
  let apiKey: string
  let otherBrandKey: string

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_MINT_WAIT_MS: '20000' })
    const created = await s.runtime.engine.brands.create({ name: 'Eligibility', websites: [SITE] })
    brandId = created.brand.id
    apiKey = created.keys.apiKey
    otherBrandKey = (await s.runtime.engine.brands.create({ name: 'Other', websites: [] })).keys.apiKey
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  const headersOf = (caller: Caller = 'anonymous'): Record<string, string> => {
    if (caller === 'anonymous') return {}
    if (caller === 'key') return { authorization: `Bearer ${apiKey}` }
    if (caller === 'badKey') return { authorization: 'Bearer lk_not-a-key' }
    if (caller === 'otherBrandKey') return { authorization: `Bearer ${otherBrandKey}` }
    return { origin: caller.origin, ...('key' in caller ? { authorization: `Bearer ${apiKey}` } : {}) }
  }
  const age = (eventType: string, userKey: string) =>
    queryTestDatabase(
      db,
      'UPDATE claim_counters SET last_at = last_at - ? WHERE brand_id = ? AND event_type = ? AND user_key = ?',
      [AGE_MS, brandId, eventType, userKey],
    )
  const claim = async (eventType: string, userEmail: string) => {
    const res = await postJson(s.base, '/loyalty-api/manual-event', { brandId, eventType, userEmail, domain: DOMAIN })
    expect(res.status, `prior claim: ${await res.clone().text()}`).toBe(200)
  }

  it.each(CASES)('$name', async (c) => {
    const name = slug(c.name)
    const user = `${name}@example.com`
    const eventType = c.eventType ?? `custom_${name}`
    if (c.rule) await s.runtime.engine.rules.set({ brandId, eventType: name, custom: true, ...c.rule })
    for (let i = 0; i < (c.priorOthers ?? 0); i++) await claim(eventType, `${name}.other${i}@example.com`)
    for (let i = 0; i < (c.prior ?? 0); i++) {
      await claim(eventType, user)
      if (!(c.recent && i === (c.prior ?? 0) - 1)) await age(eventType, user)
    }
    if (c.disable) await s.runtime.engine.rules.set({ brandId, eventType, enabled: false })

    const body = { brandId, eventType, userEmail: user, domain: DOMAIN, ...c.body }
    const headers = headersOf(c.caller)
    const before = await countRows(db, MINTER_TABLES)
    // An Idempotency-Key is ignored here: no key row is written (counted below), nothing is replayed.
    const check = await postJson(s.base, '/loyalty-api/check-eligibility', body, {
      ...headers,
      'idempotency-key': randomUUID(),
    })
    const checked = await check.json()
    expect(await countRows(db, MINTER_TABLES), 'the dry run wrote something').toEqual(before)
    if (!c.prior) expect(await s.runtime.engine.wallets.findByOwner({ kind: 'email', email: user })).toBeUndefined()

    const manual = await postJson(s.base, '/loyalty-api/manual-event', body, headers)
    const manualBody = await manual.json()

    if (!Array.isArray(c.expected)) {
      // An error both answer, in the same event-handler error shape.
      expect([check.status, manual.status], JSON.stringify(checked)).toEqual([c.expected.status, c.expected.status])
      expect(checked.code).toBe(c.expected.code)
      expect({ ...checked, requestId: null }).toEqual({ ...manualBody, requestId: null })
      return
    }
    expect(check.status, JSON.stringify(checked)).toBe(200)
    expect(check.headers.get('idempotent-replayed')).toBeNull()
    expect(checked.reasons.map((r: { code: string }) => r.code)).toEqual(c.expected)
    expect(checked.eligible).toBe(c.expected.length === 0)
    expect(manual.status === 200, JSON.stringify(manualBody)).toBe(checked.eligible)
    if (checked.eligible) {
      expect(checked.rewardAmount).toBe(manualBody.rewardAmount)
      expect(checked.reasons).toEqual([])
      return
    }
    const [first] = checked.reasons
    expect({ status: manual.status, code: manualBody.code }).toEqual(MANUAL_EVENT_ANSWER[first.code])
    expectSameRefusal(first, manualBody)
    const earns = !['domain', 'unknown_event', 'disabled'].includes(first.code)
    expect(checked.rewardAmount).toBe(earns ? (c.rule?.rewardAmount ?? 75) : 0)
  })

  it('judges afresh every time: the same Idempotency-Key is neither stored nor replayed', async () => {
    await s.runtime.engine.rules.set({ brandId, eventType: 'replay', custom: true, rewardAmount: 3 })
    const body = { brandId, eventType: 'custom_replay', userEmail: 'replay@example.com', domain: DOMAIN }
    const key = { 'idempotency-key': 'the-same-key' }
    const keys = async () => (await countRows(db)).idempotency_keys
    const stored = await keys()
    const first = await postJson(s.base, '/loyalty-api/check-eligibility', body, key)
    expect(await first.json()).toEqual({ eligible: true, rewardAmount: 3, reasons: [] })
    expect((await postJson(s.base, '/loyalty-api/manual-event', body)).status).toBe(200)
    const second = await postJson(s.base, '/loyalty-api/check-eligibility', body, key)
    expect(second.headers.get('idempotent-replayed')).toBeNull()
    expect((await second.json()).reasons.map((r: { code: string }) => r.code)).toEqual([
      'duplicate',
      'max_claims',
      'cooldown',
    ])
    // Another body under the same key is no 409 IDEMPOTENCY_KEY_REUSED either.
    expect(
      (await postJson(s.base, '/loyalty-api/check-eligibility', { ...body, userEmail: 'x@example.com' }, key)).status,
    ).toBe(200)
    expect(await keys()).toBe(stored)
  })

  it('answers CORS like manual-event: the brand’s pages may read it, other origins not', async () => {
    const preflight = await fetch(`${s.base}/loyalty-api/check-eligibility`, {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE)
    const body = { brandId, eventType: 'account_creation', userEmail: 'cors@example.com' }
    const page = await postJson(s.base, '/loyalty-api/check-eligibility', body, { origin: `https://shop.${DOMAIN}` })
    expect(page.headers.get('access-control-allow-origin')).toBe(`https://shop.${DOMAIN}`)
    expect(await page.json()).toEqual({ eligible: true, rewardAmount: 100, reasons: [] })
    const evil = await postJson(s.base, '/loyalty-api/check-eligibility', body, { origin: 'https://evil.example.org' })
    expect(evil.headers.get('access-control-allow-origin')).toBeNull()
    expect(evil.headers.get('vary')).toMatch(/Origin/)
    expect((await evil.json()).reasons).toEqual([
      expect.objectContaining({ code: 'domain', domain: 'evil.example.org', configuredDomains: [DOMAIN] }),
    ])
  })
})
