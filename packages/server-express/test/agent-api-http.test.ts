import { describe, expect, it } from 'vitest'
import { AGENT_USER_EMAIL as EMAIL, AGENT_SITE as SITE, useAgentServer } from './helpers/agent-fixture'
import { testDialects } from './helpers/test-databases'

// The agent REST API's tools over HTTP (docs/agent-api.md): the envelope and error shapes, input
// bounds, and each tool's answer on seeded data (brands, rules, a perk on chain, a reward in the ledger).
describe.each(testDialects)('agent API tools over HTTP on $dialect', (dialect) => {
  const f = useAgentServer(dialect)

  it('answers the spec envelope {data, meta: {tool, timestamp}} with the caller’s rate-limit window', async () => {
    const before = Date.now()
    const r = await f.call('GET', '/api/v1/network/info')
    expect(r.status).toBe(200)
    expect(Object.keys(r.body).sort()).toEqual(['data', 'meta'])
    expect(r.body.meta.tool).toBe('loyalty_agent_network_info')
    expect(Date.parse(r.body.meta.timestamp)).toBeGreaterThanOrEqual(before - 1000)
    const chain = f.s.runtime.chain as NonNullable<typeof f.s.runtime.chain>
    expect(r.body.data).toMatchObject({
      chainId: chain.chainId,
      chainKind: 'embedded',
      contracts: { pointsToken: chain.contracts.pointsToken.toLowerCase() },
      token: { decimals: 18 },
      exchangeRates: { tokensPerUsd: 1000 },
    })
    expect(r.headers.get('x-ratelimit-limit')).toBe('3')
    expect(r.headers.get('x-ratelimit-remaining')).toBe('2')
  })

  it('lists brands by name, paged; ignores unknown keys; refuses out-of-range values with per-field details', async () => {
    const all = await f.call('GET', '/api/v1/brands?foo=bar&timestamp=1')
    expect(all.status).toBe(200)
    expect(all.body.data.total).toBe(2)
    expect(all.body.data.brands.map((b: { name: string }) => b.name)).toEqual(['Cafe', 'Shop'])
    expect(all.body.data.brands[1]).toEqual({
      brandId: f.shopId,
      name: 'Shop',
      category: null,
      description: null,
      website: SITE,
      rewardEvents: 7,
      maxReward: 200,
      perkCount: 1,
    })
    const page = await f.call('GET', '/api/v1/brands?limit=1&offset=1')
    expect(page.body.data).toMatchObject({ total: 2, limit: 1, offset: 1, brands: [{ name: 'Shop' }] })
    expect((await f.call('GET', '/api/v1/brands?limit=200')).status).toBe(200)

    for (const [query, field] of [
      ['limit=201', 'limit'],
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['offset=-1', 'offset'],
      ['category=shoes', 'category'],
    ]) {
      const r = await f.call('GET', `/api/v1/brands?${query}`)
      expect(r.status, query).toBe(400)
      expect(r.body.error).toMatchObject({ code: 'validation', status: 400, message: 'Invalid input' })
      expect(r.body.error.details, query).toEqual([expect.objectContaining({ field })])
    }
  })

  it("answers a brand's program (rules, cashback) and its perks read from the chain; 404 and 400 in the f.agent shape", async () => {
    const r = await f.call('GET', `/api/v1/brands/${f.shopId.toUpperCase().replace('0X', '0x')}`)
    expect(r.status).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_brand_info')
    expect(r.body.data.brandId).toBe(f.shopId)
    expect(r.body.data.events).toHaveLength(7)
    expect(r.body.data.events).toContainEqual({
      eventId: 'account_creation',
      eventType: 'account_creation',
      rewardAmount: 100,
      maxClaims: 1,
      cooldownHours: 24,
    })
    // 80 tokens = $0.08 on a $100 purchase = 0.08 %.
    expect(r.body.data.cashback).toEqual({ purchaseReward: 80, percentAt100Usd: 0.08 })
    const cafe = await f.call('GET', `/api/v1/brands/${f.cafeId}`)
    expect(cafe.body.data.cashback).toEqual({ purchaseReward: 0, percentAt100Usd: 0 })

    const perks = await f.call('GET', `/api/v1/brands/${f.shopId}/perks`)
    expect(perks.status).toBe(200)
    expect(perks.body.data.perks).toEqual([
      expect.objectContaining({
        name: 'Coffee',
        brandId: f.shopId,
        category: 'dining',
        cost: 50,
        maxSupply: 10,
        claimed: 0,
        available: 10,
        maxPerUser: 0,
        isActive: true,
      }),
    ])
    expect((await f.call('GET', `/api/v1/brands/${f.shopId}/perks?category=retail`)).body.data.perks).toEqual([])

    const unknown = await f.call('GET', `/api/v1/brands/0x${'1'.repeat(40)}`)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toMatchObject({ code: 'not_found', status: 404 })
    const bad = await f.call('GET', '/api/v1/brands/nope')
    expect(bad.status).toBe(400)
    expect(bad.body.error.details).toEqual([expect.objectContaining({ field: 'brandId' })])
    const route = await f.call('GET', '/api/v1/no-such-tool')
    expect(route.status).toBe(404)
    expect(Object.keys(route.body)).toEqual(['error'])
    expect(route.body.error).toMatchObject({ code: 'not_found', status: 404 })
    const malformed = await fetch(`${f.s.base}/api/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"brandId":',
    })
    expect(malformed.status).toBe(400)
    expect(((await malformed.json()) as { error: unknown }).error).toMatchObject({ code: 'validation', status: 400 })
  })

  it("answers a user's balance (chain) and ledger totals to a signed request, by email or address", async () => {
    const path = `/api/v1/users/${encodeURIComponent(EMAIL)}/brands/${f.shopId}/balance`
    const r = await f.call('GET', path, { as: f.agent })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_user_balance')
    expect(r.body.data).toEqual({
      userId: EMAIL,
      brandId: f.shopId,
      walletAddress: f.wallet,
      balance: 100,
      totalEarned: 100,
      totalRedeemed: 0,
      pending: 0,
    })
    const byAddress = await f.call('GET', `/api/v1/users/${f.wallet}/brands/${f.shopId}/balance`, { as: f.agent })
    expect(byAddress.body.data).toMatchObject({ walletAddress: f.wallet, balance: 100, totalEarned: 100 })
    const atCafe = await f.call('GET', `/api/v1/users/${f.wallet}/brands/${f.cafeId}/balance`, { as: f.agent })
    expect(atCafe.body.data).toMatchObject({ balance: 100, totalEarned: 0 })
    const nobody = await f.call('GET', `/api/v1/users/nobody%40example.com/brands/${f.shopId}/balance`, { as: f.agent })
    expect(nobody.status).toBe(404)
    expect(nobody.body.error.code).toBe('not_found')
    const notEmail = await f.call('GET', `/api/v1/users/nobody/brands/${f.shopId}/balance`, { as: f.agent })
    expect(notEmail.status).toBe(400)
  })
})
