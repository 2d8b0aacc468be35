import { beforeAll, describe, expect, it } from 'vitest'
import type { AgentCredentials } from './helpers/agent-client'
import { AGENT_USER_EMAIL as EMAIL, useAgentServer } from './helpers/agent-fixture'
import { testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const WEI = 10n ** 18n

// POST /api/v1/events (loyalty_agent_process_event) and /events/bulk (loyalty_agent_process_bulk)
// over HTTP on the real chain: the brand's rules with source `agent:<keyId>` and no domain check,
// the mint, and the refusals the spec names: unconfigured 400, duplicate / cooldown / max claims 429
// with the reason, Retry-After and X-RateLimit-*; bulk results in input order.
describe.each(testDialects)('agent events over HTTP on $dialect', (dialect) => {
  const f = useAgentServer(dialect)
  let agent: AgentCredentials
  let n = 0
  /** A query of its own per call: the same body signed in the same second would be a replayed signature. */
  const post = (path: string, body: unknown, as: AgentCredentials = agent) =>
    f.call('POST', `/api/v1${path}?n=${++n}`, { as, body })
  beforeAll(async () => {
    agent = await f.createKey('--tier', 'free', '--rate', '1000')
    const rules = f.s.runtime.engine.rules
    await rules.set({ brandId: f.shopId, eventType: 'agent_visit', rewardAmount: 5, maxClaims: -1, cooldownHours: 0 })
    await rules.set({ brandId: f.cafeId, eventType: 'cafe_visit', rewardAmount: 7, maxClaims: -1, cooldownHours: 0 })
  })

  it('rewards an event by the brand’s rule, source agent:<keyId>, with no domain (Cafe has no website at all)', async () => {
    const r = await post('/events', { brandId: f.shopId, eventType: 'agent_visit', userId: EMAIL, metadata: { a: 1 } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_process_event')
    expect(r.body.data).toEqual({
      eventId: expect.any(String),
      eventType: 'agent_visit',
      walletAddress: f.wallet,
      rewardAmount: 5,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      status: 'confirmed',
    })
    const event = await f.s.runtime.storage.events.get(r.body.data.eventId)
    expect(event).toMatchObject({ source: `agent:${agent.keyId}`, domain: null, metadata: { a: 1 }, rewardAmount: 5 })
    expect(await tokenBalance(f.s, f.wallet)).toBe(105n * WEI)

    // By the wallet's address (its email's custodial wallet), at a brand without websites.
    const cafe = await post('/events', { brandId: f.cafeId, eventType: 'cafe_visit', userId: f.wallet })
    expect(cafe.status, JSON.stringify(cafe.body)).toBe(200)
    expect(cafe.body.data).toMatchObject({ walletAddress: f.wallet, rewardAmount: 7 })
    expect(await tokenBalance(f.s, f.wallet)).toBe(112n * WEI)
  })

  it('refuses: unconfigured 400; the same event within the window 429 duplicate; unknown users 404; scope 403', async () => {
    const unconfigured = await post('/events', { brandId: f.shopId, eventType: 'nope', userId: EMAIL })
    expect(unconfigured.status).toBe(400)
    expect(unconfigured.body.error).toMatchObject({ code: 'validation', message: 'Event type not configured' })

    const body = { brandId: f.shopId, eventType: 'agent_visit', userId: 'dup@example.com' }
    expect((await post('/events', body)).status).toBe(200)
    const again = await post('/events', body)
    expect(again.status).toBe(429)
    expect(again.body.error).toMatchObject({ code: 'rate_limit', status: 429, details: { reason: 'duplicate' } })
    expect(again.headers.get('retry-after')).toBe('60')
    expect(again.headers.get('x-ratelimit-remaining')).toBe('0')

    const stranger = await post('/events', { ...body, userId: `0x${'ab'.repeat(20)}` })
    expect(stranger.status).toBe(404)
    for (const bad of [
      { ...body, eventType: 'bad type' },
      { ...body, userId: 'nobody' },
      { ...body, brandId: 'x' },
    ]) {
      const r = await post('/events', bad)
      expect(r.status, JSON.stringify(bad)).toBe(400)
      expect(r.body.error.code).toBe('validation')
    }
    const scoped = await f.createKey('--tier', 'free', '--brand', f.cafeId)
    const outside = await post('/events', body, scoped)
    expect(outside.status).toBe(403)
    expect(outside.body.error.details).toMatchObject({ reason: 'brand_scope' })
    expect((await f.call('POST', '/api/v1/events', { body })).status).toBe(401)
  })

  it('processes 1–100 events in bulk, results in input order; each failure alone; scope covers every brand', async () => {
    const events = [
      { brandId: f.shopId, eventType: 'agent_visit', userId: 'bulk1@example.com' },
      { brandId: f.shopId, eventType: 'nope', userId: 'bulk1@example.com' },
      { brandId: f.cafeId, eventType: 'cafe_visit', userId: 'bulk2@example.com' },
      { brandId: f.shopId, eventType: 'agent_visit', userId: 'bulk1@example.com' },
      { brandId: f.shopId, eventType: 'agent_visit', userId: `0x${'cd'.repeat(20)}` },
      { brandId: f.shopId, eventType: 'agent_visit', userId: 'bulk3@example.com' },
    ]
    const r = await post('/events/bulk', { events })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_process_bulk')
    expect(r.body.data).toMatchObject({ processed: 3, failed: 3 })
    const results = r.body.data.results
    expect(results.map((x: { index: number }) => x.index)).toEqual([0, 1, 2, 3, 4, 5])
    expect(results.map((x: { success: boolean }) => x.success)).toEqual([true, false, true, false, false, true])
    expect(results[0]).toMatchObject({ rewardAmount: 5, status: 'confirmed', eventId: expect.any(String) })
    expect(results[1]).toMatchObject({ code: 'EVENT_TYPE_NOT_CONFIGURED', error: 'Event type not configured' })
    expect(results[2]).toMatchObject({ rewardAmount: 7 })
    expect(results[3]).toMatchObject({ code: 'DUPLICATE_EVENT', reason: 'duplicate' })
    expect(results[4]).toMatchObject({ code: 'USER_NOT_FOUND' })
    expect((await f.s.runtime.storage.events.get(results[5].eventId))?.source).toBe(`agent:${agent.keyId}`)

    for (const bad of [{ events: [] }, { events: Array.from({ length: 101 }, () => events[0]) }, { events: 'x' }]) {
      const refused = await post('/events/bulk', bad)
      expect(refused.status).toBe(400)
      expect(refused.body.error.code).toBe('validation')
    }
    // 100 events fit (the bulk body limit, not 10 KB).
    const hundred = Array.from({ length: 100 }, (_, i) => ({
      brandId: f.cafeId,
      eventType: 'cafe_visit',
      userId: `h${i}@example.com`,
      metadata: { note: 'x'.repeat(200) },
    }))
    const big = await post('/events/bulk', { events: hundred })
    expect(big.status, JSON.stringify(big.body).slice(0, 300)).toBe(200)
    expect(big.body.data).toMatchObject({ processed: 100, failed: 0 })
    const scoped = await f.createKey('--tier', 'free', '--brand', f.shopId)
    const outside = await post('/events/bulk', { events }, scoped)
    expect(outside.status).toBe(403)
    expect(outside.body.error.details).toMatchObject({ reason: 'brand_scope', brandIds: [f.cafeId] })
  })
})

// Without a duplicate window (LOYALTYKIT_DUPLICATE_WINDOW_MS=0, which the agent API follows), the
// rule's own limits answer: cooldown and max claims, 429 with the reason.
describe.each(testDialects)('agent event limits over HTTP on $dialect', (dialect) => {
  const f = useAgentServer(dialect, { LOYALTYKIT_DUPLICATE_WINDOW_MS: '0' })

  it('answers 429 with the reason for the cooldown and the per-user maximum', async () => {
    const agent = await f.createKey('--tier', 'free', '--rate', '1000')
    const rules = f.s.runtime.engine.rules
    await rules.set({ brandId: f.shopId, eventType: 'daily', rewardAmount: 3, maxClaims: -1, cooldownHours: 24 })
    await rules.set({ brandId: f.shopId, eventType: 'once', rewardAmount: 3, maxClaims: 1, cooldownHours: 0 })
    for (const [eventType, reason, code] of [
      ['daily', 'cooldown', 'COOLDOWN_ACTIVE'],
      ['once', 'max_claims_reached', 'MAX_CLAIMS_REACHED'],
    ] as const) {
      const body = { brandId: f.shopId, eventType, userId: EMAIL }
      const first = await f.call('POST', `/api/v1/events?${eventType}=1`, { as: agent, body })
      expect(first.status, JSON.stringify(first.body)).toBe(200)
      const second = await f.call('POST', `/api/v1/events?${eventType}=2`, { as: agent, body })
      expect(second.status, eventType).toBe(429)
      expect(second.body.error).toMatchObject({ code: 'rate_limit', details: { reason } })
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0)
      const bulk = await f.call('POST', `/api/v1/events/bulk?${eventType}=3`, { as: agent, body: { events: [body] } })
      expect(bulk.body.data.results).toEqual([expect.objectContaining({ success: false, code, reason })])
    }
  })
})
