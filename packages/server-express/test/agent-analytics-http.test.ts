import { describe, expect, it } from 'vitest'
import { useAnalyticsSeed } from './helpers/agent-analytics-seed'
import { testDialects } from './helpers/test-databases'

// The analytics tools over HTTP (docs/agent-api.md#analytics): network_analytics and brand_analytics on
// the events and redemptions of helpers/agent-analytics-seed.ts, every figure by hand.
describe.each(testDialects)('agent network and brand analytics over HTTP on $dialect', (dialect) => {
  const { w } = useAnalyticsSeed(dialect)
  const dateOf = (daysAgo: number) => new Date(w.at(daysAgo)).toISOString().slice(0, 10)
  const today = () => new Date(w.now).toISOString().slice(0, 10)

  it('network_analytics: totals, the period before, growth, categories and the daily series', async () => {
    const r = await w.call('GET', '/api/v1/analytics/network?period=30d&foo=1')
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_network_analytics')
    const d = r.body.data
    // Last 30 days: Alpha 5 events (190 tokens) + Beta 2 (40) = 7 events, 230 tokens; users u0, u1, u2,
    // u4; new: only u2 (u4 earned at Gamma 35 days ago). Redeemed: Mug 30 + 30, Pin 10, Cap 15 = 4, 85.
    // Rate 85 / 230 = 36.96 %. Ever: u0..u4 = 5 users (the Pin claimer earned nothing); 3 brands.
    expect(d.totals).toEqual({
      brands: 3,
      activeBrands: 2,
      users: 5,
      activeUsers: 4,
      newUsers: 1,
      rewardEvents: 7,
      tokensDistributed: 230,
      redemptions: 4,
      tokensRedeemed: 85,
      redemptionRate: 36.96,
    })
    // 30–60 days: Alpha 2 (100) + Gamma 1 (25) = 3 events, 125 tokens; users u0, u3, u4, all new;
    // Tote 40 redeemed: rate 40 / 125 = 32 %.
    expect(d.previous).toEqual({
      activeBrands: 2,
      activeUsers: 3,
      newUsers: 3,
      rewardEvents: 3,
      tokensDistributed: 125,
      redemptions: 1,
      tokensRedeemed: 40,
      redemptionRate: 32,
    })
    // (4−3)/3 = 33.33; (1−3)/3 = −66.67; (7−3)/3 = 133.33; (230−125)/125 = 84; (4−1)/1 = 300; (85−40)/40 = 112.5.
    expect(d.growth).toEqual({
      activeBrands: 0,
      activeUsers: 33.33,
      newUsers: -66.67,
      rewardEvents: 133.33,
      tokensDistributed: 84,
      redemptions: 300,
      tokensRedeemed: 112.5,
    })
    // No brand has a category: all count as other.
    expect(d.trendingCategories).toEqual([
      { category: 'other', tokensDistributed: 230, previousTokensDistributed: 125, growthPct: 84 },
    ])
    // Daily: 3 days ago u1's purchase and review at Alpha (2 events, 70 tokens, 1 user); 2 days ago u0's
    // purchase (50) and Mug (30); today the Pin.
    const day = (date: string) => d.daily.find((x: { date: string }) => x.date === date)
    expect(day(dateOf(3))).toEqual({
      date: dateOf(3),
      rewardEvents: 2,
      tokensDistributed: 70,
      activeUsers: 1,
      redemptions: 0,
      tokensRedeemed: 0,
    })
    expect(day(dateOf(2))).toMatchObject({ rewardEvents: 1, tokensDistributed: 50, redemptions: 1, tokensRedeemed: 30 })
    expect(day(today())).toMatchObject({ redemptions: 1, tokensRedeemed: 10 })
    const sum = (k: string) => d.daily.reduce((s: number, x: Record<string, number>) => s + (x[k] ?? 0), 0)
    expect([sum('rewardEvents'), sum('tokensDistributed'), sum('redemptions'), sum('tokensRedeemed')]).toEqual([
      7, 230, 4, 85,
    ])
    expect(d.daily[0].date < d.daily[d.daily.length - 1].date).toBe(true)
    expect(d.daily.length).toBeGreaterThanOrEqual(30)

    // 7 days: Alpha 4 events (170), Beta 2 (40); the week before has nothing → growth null.
    const week = await w.call('GET', '/api/v1/analytics/network?period=7d')
    expect(week.body.data.totals).toMatchObject({ rewardEvents: 6, tokensDistributed: 210, activeUsers: 3 })
    expect(week.body.data.previous).toMatchObject({ rewardEvents: 1, tokensDistributed: 20 })
    expect(week.body.data.growth).toMatchObject({ rewardEvents: 500, tokensDistributed: 950 })
    const quarter = await w.call('GET', '/api/v1/analytics/network?period=90d')
    // 90 days: every event but the 100-day one (10 events, 190 + 100 + 40 + 25 = 355 tokens); the 90 days before: 1 event, 50.
    expect(quarter.body.data.totals).toMatchObject({ rewardEvents: 10, tokensDistributed: 355, newUsers: 4 })
    expect(quarter.body.data.growth).toMatchObject({ rewardEvents: 900, redemptions: null, tokensRedeemed: null })
    for (const period of ['1d', '365d', '30', '']) {
      const bad = await w.call('GET', `/api/v1/analytics/network?period=${period}`)
      expect([bad.status, bad.body.error.code, bad.body.error.details?.[0]?.field], period).toEqual([
        400,
        'validation',
        'period',
      ])
    }
    // Default period: 30d.
    const byDefault = await w.call('GET', '/api/v1/analytics/network')
    expect(byDefault.body.data).toMatchObject({ period: '30d', totals: { rewardEvents: 7 } })
  })

  it('brand_analytics: new and returning users, velocity, growth and top events of one brand', async () => {
    const alpha = w.brandIds[0] as string
    const r = await w.call('GET', `/api/v1/analytics/brands/${alpha.toUpperCase().replace('0X', '0x')}`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_brand_analytics')
    const d = r.body.data
    expect(d).toMatchObject({ brandId: alpha, period: '30d' })
    // 5 events, 190 tokens, users u0, u1, u2; u2 is new (u0 earned 40 days ago, u1 100 days ago).
    // Redeemed Mug ×2 + Pin = 3, 70 tokens: 70 / 190 = 36.84 %.
    expect(d.totals).toEqual({
      activeUsers: 3,
      newUsers: 1,
      returningUsers: 2,
      rewardEvents: 5,
      tokensDistributed: 190,
      redemptions: 3,
      tokensRedeemed: 70,
      redemptionRate: 36.84,
    })
    // 5 / 30 = 0.17 events, 190 / 30 = 6.33 tokens, 3 / 30 = 0.1 redemptions a day.
    expect(d.velocity).toEqual({ eventsPerDay: 0.17, tokensPerDay: 6.33, redemptionsPerDay: 0.1 })
    // Before: u0 and u3 (both first at Alpha), 2 events, 100 tokens; Tote 40: 40 %.
    expect(d.previous).toEqual({
      activeUsers: 2,
      newUsers: 2,
      returningUsers: 0,
      rewardEvents: 2,
      tokensDistributed: 100,
      redemptions: 1,
      tokensRedeemed: 40,
      redemptionRate: 40,
    })
    expect(d.growth).toEqual({
      activeUsers: 50,
      newUsers: -50,
      rewardEvents: 150,
      tokensDistributed: 90,
      redemptions: 200,
      tokensRedeemed: 75,
    })
    expect(d.topEvents).toEqual([
      { eventType: 'purchase', claims: 3, uniqueUsers: 2, tokens: 150 },
      { eventType: 'review_submission', claims: 2, uniqueUsers: 2, tokens: 40 },
    ])
    expect(d.daily.find((x: { date: string }) => x.date === dateOf(10))).toMatchObject({ rewardEvents: 1 })

    const unknown = await w.call('GET', `/api/v1/analytics/brands/0x${'7'.repeat(40)}`)
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found'])
    const malformed = await w.call('GET', '/api/v1/analytics/brands/0x123')
    expect([malformed.status, malformed.body.error.details[0].field]).toEqual([400, 'brandId'])
    const badPeriod = await w.call('GET', `/api/v1/analytics/brands/${alpha}?period=60d`)
    expect(badPeriod.status).toBe(400)
  })
})
