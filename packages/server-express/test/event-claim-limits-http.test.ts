import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson } from './helpers/post-json'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const SITE = 'https://limits.example.com'
const WEI = 10n ** 18n

/** The rate-limit headers of a 429, as numbers (NaN when absent). */
function rateLimitHeaders(res: Response) {
  const n = (name: string) => Number(res.headers.get(name) ?? Number.NaN)
  return {
    limit: n('x-ratelimit-limit'),
    remaining: n('x-ratelimit-remaining'),
    reset: n('x-ratelimit-reset'),
    retryAfter: n('retry-after'),
  }
}

// The rule limits of manual-event over HTTP (docs/event-handler.md#claim-checks): the global maximum,
// unlimited per-user maxima and disabled rules. The duplicate window is off (0) so that repeated
// claims of one user reach the rule's own limits.
describe.each(testDialects)('manual-event rule limits over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string

  const event = (eventType: string, userEmail: string, over: Record<string, unknown> = {}) => ({
    brandId,
    eventType,
    userEmail,
    domain: 'limits.example.com',
    ...over,
  })
  /** A custom rule of the brand (`custom_<name>`). */
  const customRule = (
    name: string,
    fields: { rewardAmount: number; maxClaims?: number; cooldownHours?: number; maxTotalClaims?: number },
  ) => s.runtime.engine.rules.set({ brandId, eventType: name, custom: true, ...fields })
  const claim = (eventType: string, userEmail: string, over: Record<string, unknown> = {}) =>
    postJson(s.base, '/loyalty-api/manual-event', event(eventType, userEmail, over))

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_MINT_WAIT_MS: '20000', LOYALTYKIT_DUPLICATE_WINDOW_MS: '0' })
    brandId = (await s.runtime.engine.brands.create({ name: 'Limits', websites: [SITE] })).brand.id
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('answers maxTotalClaims reached with 429, the spec body and the same headers as the other 429s', async () => {
    const rules = s.runtime.engine.rules
    await customRule('launch', { rewardAmount: 7, maxTotalClaims: 2 })
    await rules.set({ brandId, eventType: 'form_submit', maxClaims: 1, cooldownHours: 0 })
    await rules.set({ brandId, eventType: 'rate_experience', maxClaims: -1, cooldownHours: 24 })
    expect((await claim('custom_launch', 'g1@example.com')).status).toBe(200)
    expect((await claim('custom_launch', 'g2@example.com')).status).toBe(200)

    const before = Math.floor(Date.now() / 1000)
    const global = await claim('custom_launch', 'g3@example.com')
    expect(global.status).toBe(429)
    expect(global.headers.get('content-type')).toMatch(/^application\/json/)
    const body = await global.json()
    expect(body).toEqual({
      success: false,
      error: 'Max total claims reached',
      message: 'Max total claims reached',
      code: 'MAX_TOTAL_CLAIMS_REACHED',
      details: {
        message: 'This reward has reached its global limit of 2 claims',
        reason: 'max_total_claims_reached',
        totalClaims: 2,
        maxTotalClaims: 2,
      },
      requestId: global.headers.get('x-request-id'),
    })
    const headers = rateLimitHeaders(global)
    expect(headers.limit).toBe(2)
    expect(headers.remaining).toBe(0)
    expect(headers.retryAfter).toBe(86_400)
    expect(headers.reset - before).toBeGreaterThanOrEqual(86_400)
    expect(headers.reset - before).toBeLessThanOrEqual(86_402)
    // A user who never claimed is refused too: the limit is global, not per user.
    expect((await claim('custom_launch', 'g4@example.com')).status).toBe(429)

    // The other 429s of manual-event: per-user maximum and cooldown.
    expect((await claim('form_submit', 'g1@example.com')).status).toBe(200)
    const perUser = await claim('form_submit', 'g1@example.com')
    expect((await claim('rate_experience', 'g1@example.com')).status).toBe(200)
    const cooldown = await claim('rate_experience', 'g1@example.com')
    const others = [perUser, cooldown]
    expect(others.map((r) => r.status)).toEqual([429, 429])
    const otherBodies = await Promise.all(others.map((r) => r.json()))
    expect(otherBodies.map((b) => b.details.reason)).toEqual(['max_claims_reached', 'cooldown'])
    for (const [i, res] of others.entries()) {
      const b = otherBodies[i]
      // Same body keys, same header set, same arithmetic between Reset and Retry-After.
      expect(Object.keys(b).sort()).toEqual(Object.keys(body).sort())
      expect(typeof b.details.message).toBe('string')
      expect(res.headers.get('content-type')).toBe(global.headers.get('content-type'))
      const h = rateLimitHeaders(res)
      expect(h.remaining).toBe(0)
      expect(Number.isInteger(h.limit) && h.limit > 0).toBe(true)
      expect(Math.abs(h.reset - before - h.retryAfter)).toBeLessThanOrEqual(2)
      expect(b.requestId).toBe(res.headers.get('x-request-id'))
    }
    expect(rateLimitHeaders(perUser)).toMatchObject({ limit: 1, retryAfter: 86_400 })
    expect(rateLimitHeaders(cooldown).retryAfter).toBe(otherBodies[1].details.cooldownSeconds)

    // event-config states the global limit the 429 enforces.
    const config = await (await fetch(`${s.base}/loyalty-api/event-config?brandId=${brandId}`)).json()
    expect(config.events.find((e: { eventId: string }) => e.eventId === 'custom_launch')).toMatchObject({
      maxTotalClaims: 2,
    })
  })

  it.each([-1, 999999])('lets one user claim again and again when maxClaims is %i', async (maxClaims) => {
    const eventType = `unlimited_${maxClaims === -1 ? 'minus' : 'nines'}`
    await customRule(eventType, { rewardAmount: 3, maxClaims, cooldownHours: 0 })
    const user = `many${maxClaims}@example.com`
    const answers = []
    for (let i = 0; i < 12; i++) answers.push(await claim(`custom_${eventType}`, user))
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200))
    const bodies = await Promise.all(answers.map((r) => r.json()))
    expect(new Set(bodies.map((b) => b.eventId)).size).toBe(12)
    expect(bodies.map((b) => b.walletCreated)).toEqual([true, ...Array(11).fill(false)])
    expect(new Set(bodies.map((b) => b.walletAddress)).size).toBe(1)
    expect(await tokenBalance(s, bodies[0].walletAddress)).toBe(12n * 3n * WEI)

    const config = await (await fetch(`${s.base}/loyalty-api/event-config?brandId=${brandId}`)).json()
    expect(config.events.find((e: { eventId: string }) => e.eventId === `custom_${eventType}`)).toMatchObject({
      maxClaims,
      cooldownHours: 0,
    })
  })

  it('stops a user at maxClaims when it is a finite number (the control for the unlimited case)', async () => {
    await customRule('finite', { rewardAmount: 3, maxClaims: 3, cooldownHours: 0 })
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push((await claim('custom_finite', 'finite@example.com')).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
  })

  it('answers a disabled rule with 400 Event type not configured, and accepts it again once enabled', async () => {
    const rules = s.runtime.engine.rules
    expect((await claim('newsletter_subscribe', 'off1@example.com')).status).toBe(200)
    await rules.set({ brandId, eventType: 'newsletter_subscribe', enabled: false })

    const res = await claim('newsletter_subscribe', 'off2@example.com')
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const body = await res.json()
    expect(body).toEqual({
      success: false,
      error: 'Event type not configured',
      message: 'Event type not configured',
      code: 'EVENT_TYPE_NOT_CONFIGURED',
      details: {
        message: 'Event type newsletter_subscribe is not configured or is disabled for this brand',
        eventType: 'newsletter_subscribe',
      },
      requestId: res.headers.get('x-request-id'),
    })
    // Same answer as a type the brand never configured, and the same for a bulk item.
    const never = await (await claim('referral', 'off2@example.com')).json()
    expect(never.error).toBe('Event type not configured')
    const bulk = await postJson(s.base, '/loyalty-api/bulk-events', {
      events: [event('newsletter_subscribe', 'off3@example.com')],
    })
    expect((await bulk.json()).results[0]).toMatchObject({ success: false, code: 'EVENT_TYPE_NOT_CONFIGURED' })
    const config = await (await fetch(`${s.base}/loyalty-api/event-config?brandId=${brandId}`)).json()
    expect(config.events.map((e: { eventId: string }) => e.eventId)).not.toContain('newsletter_subscribe')

    await rules.set({ brandId, eventType: 'newsletter_subscribe', enabled: true })
    expect((await claim('newsletter_subscribe', 'off2@example.com')).status).toBe(200)
  })
})
