import { describe, expect, it } from 'vitest'
import { useAnalyticsSeed } from './helpers/agent-analytics-seed'
import { testDialects } from './helpers/test-databases'

// The analytics tools over HTTP (docs/agent-api.md#analytics): brand_health, compare_brands,
// network_trending and network_flows on the events and redemptions of helpers/agent-analytics-seed.ts,
// every figure by hand.
describe.each(testDialects)('agent health, comparison, trending and flows over HTTP on $dialect', (dialect) => {
  const { w } = useAnalyticsSeed(dialect)
  const id = (i: number) => w.brandIds[i] as string

  it('brand_health: four parts of 25, grade, strengths, weaknesses and recommendations', async () => {
    const r = await w.call('GET', `/api/v1/analytics/brands/${id(0)}/health`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_brand_health')
    // Alpha. Engagement: 3 of its 4 users (u0..u3) active in 30 days = 0.75 ≥ 0.5 → 25.
    // Retention: u0 and u3 active 30–60 days ago, u0 back → 1 / 2 → 12.5 (not a weakness: < 12.5 is).
    // Redemption: 110 of 340 redeemed ever, r = 0.3235 < 0.6 → 25 × 0.3235 / 0.6 = 13.48.
    // Setup: 7 enabled rules → 10; 3 perks → 10; no category nor description → 0 of 5 → 20 (80 %).
    // 25 + 12.5 + 13.48 + 20 = 70.98 → C.
    expect(r.body.data).toEqual({
      brandId: id(0),
      score: 70.98,
      grade: 'C',
      components: [
        { name: 'engagement', score: 25, max: 25, value: 75 },
        { name: 'retention', score: 12.5, max: 25, value: 50 },
        { name: 'redemption', score: 13.48, max: 25, value: 32.35 },
        { name: 'setup', score: 20, max: 25, value: 80 },
      ],
      strengths: ['engagement', 'setup'],
      weaknesses: [],
      recommendations: [{ code: 'complete_profile', message: expect.any(String) }],
    })
    // Gamma: its only user (u4) earned 35 days ago → engagement 0, retention 0 / 1 = 0; nothing redeemed
    // → 0; 6 default rules → 10, no perks → 0: 10 → F.
    const gamma = await w.call('GET', `/api/v1/analytics/brands/${id(2)}/health`)
    expect(gamma.body.data).toMatchObject({
      score: 10,
      grade: 'F',
      components: [
        { name: 'engagement', score: 0, value: 0 },
        { name: 'retention', score: 0, value: 0 },
        { name: 'redemption', score: 0, value: 0 },
        { name: 'setup', score: 10, value: 40 },
      ],
      strengths: [],
      weaknesses: ['engagement', 'retention', 'redemption', 'setup'],
    })
    expect(gamma.body.data.recommendations.map((x: { code: string }) => x.code)).toEqual([
      'reengage_members',
      'improve_retention',
      'add_perks',
      'complete_profile',
    ])
    expect((await w.call('GET', `/api/v1/analytics/brands/0x${'7'.repeat(40)}/health`)).status).toBe(404)
  })

  it('compare_brands: metrics per brand, the leader of each, insights; 2 to 5 distinct known brands', async () => {
    const r = await w.call('GET', `/api/v1/compare/brands?brandIds=${id(0)},${id(1)},${id(2)}`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_compare_brands')
    // 30 days. Alpha: 190 / 30 = 6.33 a day, 3 users, 5 events, 2 types, 70 / 190 = 36.84 % redeemed.
    // Beta: 40 / 30 = 1.33, 2 users, 2 events, 1 type, 15 / 40 = 37.5 %. Gamma: nothing.
    expect(r.body.data).toEqual({
      period: '30d',
      brands: [
        {
          brandId: id(0),
          name: 'Alpha',
          metrics: {
            velocity: 6.33,
            customersReached: 3,
            transactions: 5,
            tokensDistributed: 190,
            eventDiversity: 2,
            perkUtilization: 36.84,
          },
        },
        {
          brandId: id(1),
          name: 'Beta',
          metrics: {
            velocity: 1.33,
            customersReached: 2,
            transactions: 2,
            tokensDistributed: 40,
            eventDiversity: 1,
            perkUtilization: 37.5,
          },
        },
        {
          brandId: id(2),
          name: 'Gamma',
          metrics: {
            velocity: 0,
            customersReached: 0,
            transactions: 0,
            tokensDistributed: 0,
            eventDiversity: 0,
            perkUtilization: 0,
          },
        },
      ],
      winners: {
        velocity: id(0),
        customersReached: id(0),
        transactions: id(0),
        tokensDistributed: id(0),
        eventDiversity: id(0),
        perkUtilization: id(1),
      },
      insights: [
        'Alpha leads on 5 of 6 metrics: velocity, customersReached, transactions, tokensDistributed, eventDiversity',
        'Beta leads on 1 of 6 metrics: perkUtilization',
        'Gamma had no reward events in the last 30 days',
      ],
    })
    // 7 days: Alpha 170 / 7 = 24.29 a day, 70 / 170 = 41.18 % redeemed; Beta 40 / 7 = 5.71, 37.5 %.
    const week = await w.call('GET', `/api/v1/compare/brands?brandIds=${id(1)},${id(0)}&period=7d`)
    expect(week.body.data.brands.map((b: { metrics: object }) => b.metrics)).toMatchObject([
      { velocity: 5.71, perkUtilization: 37.5 },
      { velocity: 24.29, perkUtilization: 41.18 },
    ])
    expect(week.body.data.winners.perkUtilization).toBe(id(0))
    const unknown = await w.call('GET', `/api/v1/compare/brands?brandIds=${id(2)},0x${'7'.repeat(40)}`)
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found'])

    const six = Array.from({ length: 6 }, (_, i) => `0x${String(i).padStart(40, '0')}`).join(',')
    for (const query of [
      `brandIds=${id(0)}`,
      `brandIds=${six}`,
      `brandIds=${id(0)},${id(0)}`,
      '',
      `brandIds=${id(0)},x`,
    ]) {
      const bad = await w.call('GET', `/api/v1/compare/brands?${query}`)
      expect([bad.status, bad.body.error.code, bad.body.error.details?.[0]?.field.split('.')[0]], query).toEqual([
        400,
        'validation',
        'brandIds',
      ])
    }
    const badPeriod = await w.call('GET', `/api/v1/compare/brands?brandIds=${id(0)},${id(1)}&period=2d`)
    expect([badPeriod.status, badPeriod.body.error.details[0].field]).toEqual([400, 'period'])
  })

  it('network_trending: perk categories, brand categories, brands and health with growth', async () => {
    const r = await w.call('GET', '/api/v1/network/trending')
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_network_trending')
    // Default 7 days; the week before holds only u2's review at Alpha (20 tokens) and no redemption.
    // Redeemed this week: Mug ×2 (home), Cap (apparel), Pin (no category: other); all new (null growth).
    expect(r.body.data).toEqual({
      period: '7d',
      perkCategories: [
        { category: 'home', redemptions: 2, previousRedemptions: 0, growthPct: null },
        { category: 'apparel', redemptions: 1, previousRedemptions: 0, growthPct: null },
        { category: 'other', redemptions: 1, previousRedemptions: 0, growthPct: null },
      ],
      // 210 against 20: +950 %.
      brandCategories: [{ category: 'other', tokensDistributed: 210, previousTokensDistributed: 20, growthPct: 950 }],
      // Alpha 170 against 20: +750 %; Beta 40 against nothing: null, after every number.
      brands: [
        { brandId: id(0), name: 'Alpha', tokensDistributed: 170, previousTokensDistributed: 20, growthPct: 750 },
        { brandId: id(1), name: 'Beta', tokensDistributed: 40, previousTokensDistributed: 0, growthPct: null },
      ],
      // Users u0, u1, u4 against u2: +200 %; 6 events against 1: +500 %; 4 redemptions against 0: null.
      health: [
        { metric: 'activeUsers', value: 3, previous: 1, growthPct: 200 },
        { metric: 'rewardEvents', value: 6, previous: 1, growthPct: 500 },
        { metric: 'tokensDistributed', value: 210, previous: 20, growthPct: 950 },
        { metric: 'redemptions', value: 4, previous: 0, growthPct: null },
      ],
    })
    // 30 days, 2 per list: other (Pin) 1 against Tote 1 → 0 % leads the new categories; brands: Alpha
    // 190 / 100 → +90 %, Gamma 0 / 25 → −100 %, then Beta (new).
    const month = await w.call('GET', '/api/v1/network/trending?period=30d&limit=2')
    expect(month.body.data.perkCategories).toEqual([
      { category: 'other', redemptions: 1, previousRedemptions: 1, growthPct: 0 },
      { category: 'home', redemptions: 2, previousRedemptions: 0, growthPct: null },
    ])
    expect(month.body.data.brands.map((b: { name: string; growthPct: number }) => [b.name, b.growthPct])).toEqual([
      ['Alpha', 90],
      ['Gamma', -100],
    ])
    for (const query of ['limit=0', 'limit=51', 'limit=2.5', 'period=14d']) {
      const bad = await w.call('GET', `/api/v1/network/trending?${query}`)
      expect([bad.status, bad.body.error.code], query).toEqual([400, 'validation'])
    }
  })

  it('network_flows: home brands, flows between them, roles', async () => {
    const r = await w.call('GET', '/api/v1/network/flows')
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_network_flows')
    // 30 days: u0's Mug and u1's Mug at Alpha, their home (u0 earned 150 there, 10 at Beta; u1 120);
    // u1's Cap at Beta: a flow Alpha → Beta of 15; the Pin claimer never earned (no home).
    // Cross-brand: 1 of the 3 attributed = 33.33 %.
    expect(r.body.data).toEqual({
      period: '30d',
      totals: { redemptions: 4, crossBrandRedemptions: 1, crossBrandShare: 33.33, unattributed: 1 },
      categoryFlows: [{ from: 'other', to: 'other', redemptions: 1, tokens: 15 }],
      brands: [
        { brandId: id(1), name: 'Beta', inflow: 15, outflow: 0, net: 15, role: 'attractor' },
        { brandId: id(0), name: 'Alpha', inflow: 0, outflow: 15, net: -15, role: 'emitter' },
      ],
    })
    // 90 days add u3's Tote at Alpha, its home: 1 of 4 attributed = 25 %.
    const quarter = await w.call('GET', '/api/v1/network/flows?period=90d')
    expect(quarter.body.data.totals).toEqual({
      redemptions: 5,
      crossBrandRedemptions: 1,
      crossBrandShare: 25,
      unattributed: 1,
    })
    expect((await w.call('GET', '/api/v1/network/flows?period=all')).status).toBe(400)
  })
})
