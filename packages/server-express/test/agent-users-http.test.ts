import { describe, expect, it } from 'vitest'
import { AGENT_USER_EMAIL as ANN } from './helpers/agent-fixture'
import { useAgentUsersWorld } from './helpers/agent-users-world'
import { testDialects } from './helpers/test-databases'

// The agent API's user reads over HTTP (docs/agent-api.md): user_stats, user_portfolio, user_persona
// and user_recommendations on a seeded network (helpers/agent-users-world.ts), every figure worked
// out by hand in the comments.
describe.each(testDialects)('agent user reads over HTTP on $dialect', (dialect) => {
  const { f, who, ids, get } = useAgentUsersWorld(dialect)

  it("answers a user's stats at a brand: balance, events by type, redemptions, what they can earn next", async () => {
    const r = await get(`/api/v1/users/${encodeURIComponent(ANN)}/brands/${f.shopId}/stats`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_user_stats')
    const d = r.body.data
    // 100 + 80 earned, 30 spent on Tea: 150 on chain.
    expect(d).toMatchObject({
      userId: ANN,
      walletAddress: f.wallet,
      balance: 150,
      totalEarned: 180,
      totalRedeemed: 30,
      pending: 0,
    })
    expect(d.eventCount).toBe(2)
    expect(d.eventsByType.map((e: Record<string, unknown>) => [e.eventType, e.claims, e.tokens])).toEqual([
      ['account_creation', 1, 100],
      ['purchase', 1, 80],
    ])
    expect(d.recentRedemptions).toEqual([
      expect.objectContaining({ perkId: ids.tea, perkName: 'Tea', points: 30, brandId: f.shopId }),
    ])
    expect([d.streaks, d.achievements]).toEqual([[], []])
    // Both claimed rules are at their limit of 1; the 5 other defaults can be earned once more each.
    expect(d.nextActions.map((a: Record<string, unknown>) => [a.eventType, a.rewardAmount, a.remainingClaims])).toEqual(
      [
        ['subscribe_renewal', 200, 1],
        ['complete_survey', 75, 1],
        ['rate_experience', 50, 1],
        ['newsletter_subscribe', 25, 1],
        ['form_submit', 10, 1],
      ],
    )
    const byAddress = await get(`/api/v1/users/${who.champ}/brands/${f.cafeId}/stats`)
    expect(byAddress.body.data).toMatchObject({
      eventCount: 10,
      eventsByType: [{ eventType: 'visit', claims: 10, tokens: 100 }],
    })
    expect(byAddress.body.data.nextActions).toHaveLength(6)
    const unsigned = await f.call('GET', `/api/v1/users/${who.champ}/brands/${f.cafeId}/stats`)
    expect([unsigned.status, unsigned.body.error.code]).toEqual([401, 'auth_required'])
  })

  it("answers a user's portfolio: balance, brands, and the costliest perk they can claim now", async () => {
    const r = await get(`/api/v1/users/${encodeURIComponent(ANN)}/portfolio`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_user_portfolio')
    const d = r.body.data
    expect(d).toMatchObject({ walletAddress: f.wallet, totalBalance: 150, streaks: [] })
    expect(d.brands).toEqual([
      { brandId: f.shopId, name: 'Shop', events: 2, earned: 180, redeemed: 30, lastActiveAt: expect.any(String) },
    ])
    // On offer: Tea 30 (ann's 1 allowed claim used), Coffee 50, Dinner 140, Spa 500 → Dinner, the costliest ≤ 150.
    expect(d.bestAffordablePerk).toMatchObject({ name: 'Dinner', cost: 140, brandName: 'Cafe', available: 3 })
    const explorer = await get(`/api/v1/users/${who.explorer}/portfolio`)
    expect(explorer.body.data.brands.map((b: { name: string }) => b.name)).toEqual(['Shop', 'Cafe', 'Diner'])
    expect(explorer.body.data).toMatchObject({ totalBalance: 0, bestAffordablePerk: null })
    const nobody = await get('/api/v1/users/nobody%40example.com/portfolio')
    expect([nobody.status, nobody.body.error.code]).toEqual([404, 'not_found'])
  })

  it('classifies a champion and scores their RFM against the wallets of the last 90 days', async () => {
    const r = await get(`/api/v1/intelligence/users/${who.champ}/persona`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_user_persona')
    const d = r.body.data
    // Wallets with events in 90 days: ann (2 events, 180 tokens, now), fresh (1, 100, 5 d), champ (10,
    // 100, 2 d), risk (1, 50, 45 d), explorer (3, 60, 20 d) = 5. champ: 4 do fewer events → f = 1 +
    // floor(5·4/5) = 5; 2 earned less (50, 60) → m = 1 + floor(5·2/5) = 3; 3 were last seen earlier →
    // r = 1 + floor(5·3/5) = 4; earned percentile 2/5 = 40 %.
    expect(d).toMatchObject({
      archetype: 'champion',
      rfm: { recencyDays: 2, frequency90d: 10, monetary90d: 100, r: 4, f: 5, m: 3 },
      networkPosition: { brandsCount: 1, earnedPercentile: 40 },
    })
    expect(d.reason).toBe('last event 2 days ago, 10 events in 90 days, 1 redemptions')
    expect(d.earnPatterns).toEqual({
      eventTypes: [{ eventType: 'visit', claims: 10, tokens: 100 }],
      platforms: [
        { platform: 'discord', events: 5, share: 50 },
        { platform: 'telegram', events: 2, share: 20 },
        { platform: 'web', events: 2, share: 20 },
        { platform: 'api', events: 1, share: 10 },
      ],
    })
    expect(d.affinities).toEqual({ brands: [{ brandId: f.cafeId, name: 'Cafe', share: 100 }], categories: [] })
    // Perks on offer cost 30, 50, 140, 500: median (50 + 140) / 2 = 95; champ's average redemption 40 < 0.75 × 95 → budget.
    expect(d.pricePreference).toEqual({ averageRedemption: 40, medianPerkCost: 95, tier: 'budget' })

    const archetypes: Record<string, string> = {}
    for (const [name, wallet] of Object.entries(who)) {
      const p = await get(`/api/v1/intelligence/users/${wallet}/persona`)
      expect(p.status, JSON.stringify(p.body)).toBe(200)
      archetypes[name] = p.body.data.archetype
    }
    expect(archetypes).toEqual({
      champ: 'champion',
      fresh: 'new', // first event 5 days ago, 1 event
      risk: 'at_risk', // last event 45 days ago
      explorer: 'explorer', // earns at Shop, Cafe and Diner
      dormant: 'dormant', // last event 120 days ago
      saver: 'saver', // no redemption, 100 points ≥ median 95
      redeemer: 'redeemer', // redeemed 60 of 100 in 2 redemptions
    })
    const ann = await get(`/api/v1/intelligence/users/${encodeURIComponent(ANN)}/persona`)
    expect(ann.body.data).toMatchObject({
      archetype: 'new',
      pricePreference: { averageRedemption: 30, tier: 'budget' },
    })
  })

  it('recommends perks by 0.6 × affinity + 0.4 × min(1, balance / cost), skipping perks claimed to their limit', async () => {
    const r = await get(`/api/v1/intelligence/users/${encodeURIComponent(ANN)}/recommendations`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_user_recommendations')
    // ann earned everything at Shop (affinity 1 there, 0 at Cafe); balance 150; Tea is at ann's limit.
    // Coffee: .6 × 1 + .4 × 1 = 1; Dinner: .4 × min(1, 150/140) = .4; Spa: .4 × 150/500 = .12.
    expect(r.body.data.balance).toBe(150)
    expect(r.body.data.recommendations).toEqual([
      expect.objectContaining({
        name: 'Coffee',
        brandName: 'Shop',
        cost: 50,
        score: 1,
        affinity: 1,
        affordable: true,
        reasons: ['100% of your points were earned at Shop', 'you can afford it now'],
      }),
      expect.objectContaining({
        name: 'Dinner',
        cost: 140,
        score: 0.4,
        affinity: 0,
        affordable: true,
        reasons: ['you can afford it now'],
      }),
      expect.objectContaining({
        name: 'Spa',
        cost: 500,
        score: 0.12,
        affordable: false,
        reasons: ['your balance covers 30% of its cost'],
      }),
    ])
    const two = await get(`/api/v1/intelligence/users/${encodeURIComponent(ANN)}/recommendations?limit=2`)
    expect(two.body.data.recommendations.map((x: { name: string }) => x.name)).toEqual(['Coffee', 'Dinner'])
    for (const limit of ['0', '21', '2.5']) {
      const bad = await get(`/api/v1/intelligence/users/${encodeURIComponent(ANN)}/recommendations?limit=${limit}`)
      expect([bad.status, bad.body.error.details[0].field], limit).toEqual([400, 'limit'])
    }
  })
})
