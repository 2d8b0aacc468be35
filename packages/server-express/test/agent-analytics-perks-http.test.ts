import { describe, expect, it } from 'vitest'
import { useAnalyticsSeed } from './helpers/agent-analytics-seed'
import { testDialects } from './helpers/test-databases'

// The analytics tools over HTTP (docs/agent-api.md#analytics): event_performance and perk_analytics on
// the events and redemptions of helpers/agent-analytics-seed.ts, every figure by hand.
describe.each(testDialects)('agent event and perk analytics over HTTP on $dialect', (dialect) => {
  const { w, perks } = useAnalyticsSeed(dialect)

  it('event_performance: claims, share, claim rate, repeat rate and users per 1,000 tokens per rule', async () => {
    const alpha = w.brandIds[0] as string
    const r = await w.call('GET', `/api/v1/analytics/brands/${alpha}/events`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const d = r.body.data
    expect(d).toMatchObject({ brandId: alpha, period: '30d', activeUsers: 3, totalClaims: 5 })
    // purchase: 3 of 5 claims = 60 %; 2 of 3 active users = 66.67 %; u0 claimed twice: 1 / 2 = 50 %;
    // 2 users / 150 tokens × 1000 = 13.33. review: 40 %, 66.67 %, 0 %, 2 / 40 × 1000 = 50.
    expect(d.events.slice(0, 2)).toEqual([
      {
        eventId: 'purchase',
        eventType: 'purchase',
        rewardAmount: 50,
        enabled: true,
        claims: 3,
        uniqueUsers: 2,
        tokens: 150,
        shareOfClaims: 60,
        claimRate: 66.67,
        repeatRate: 50,
        usersPer1kTokens: 13.33,
      },
      {
        eventId: 'review_submission',
        eventType: 'review_submission',
        rewardAmount: 20,
        enabled: true,
        claims: 2,
        uniqueUsers: 2,
        tokens: 40,
        shareOfClaims: 40,
        claimRate: 66.67,
        repeatRate: 0,
        usersPer1kTokens: 50,
      },
    ])
    // The 6 default rules follow with nothing claimed (the disabled newsletter rule included).
    expect(d.events).toHaveLength(8)
    expect(d.events.find((e: { eventType: string }) => e.eventType === 'newsletter_subscribe')).toMatchObject({
      enabled: false,
      claims: 0,
      shareOfClaims: 0,
      claimRate: 0,
      usersPer1kTokens: 0,
    })
    // 7 days: purchase 3 (u0 ×2, u1), review 1 (u1); 2 active users: 75 %, 100 %, 50 %; 25 %, 50 %, 0 %.
    const week = await w.call('GET', `/api/v1/analytics/brands/${alpha}/events?period=7d`)
    expect(week.body.data.events.slice(0, 2)).toMatchObject([
      { eventType: 'purchase', claims: 3, shareOfClaims: 75, claimRate: 100, repeatRate: 50 },
      { eventType: 'review_submission', claims: 1, shareOfClaims: 25, claimRate: 50, repeatRate: 0 },
    ])
    expect((await w.call('GET', `/api/v1/analytics/brands/${alpha}/events?period=x`)).status).toBe(400)
    expect((await w.call('GET', `/api/v1/analytics/brands/0x${'7'.repeat(40)}/events`)).status).toBe(404)
  })

  it('perk_analytics: stock, redemptions, popularity, redemption rate and breakage (all time)', async () => {
    const alpha = w.brandIds[0] as string
    const r = await w.call('GET', `/api/v1/analytics/brands/${alpha}/perks`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_perk_analytics')
    const byName = Object.fromEntries(r.body.data.perks.map((p: { name: string }) => [p.name, p]))
    // Mug: 10 on chain, none claimed on chain (its redemptions are seeded in the ledger only): 2 by 2
    // users, 60 tokens, most redeemed. Tote: unlimited, 1 for 40. Pin: 1 of 1 claimed: sold out, 1 for 10
    // (Tote ranks before Pin on tokens).
    expect(byName.Mug).toMatchObject({
      collectionId: perks.mug,
      cost: 30,
      maxSupply: 10,
      claimed: 0,
      remaining: 10,
      supplyStatus: 'available',
      redemptions: 2,
      uniqueRedeemers: 2,
      tokensRedeemed: 60,
      popularityRank: 1,
    })
    expect(byName.Tote).toMatchObject({
      remaining: null,
      supplyStatus: 'unlimited',
      tokensRedeemed: 40,
      popularityRank: 2,
    })
    expect(byName.Pin).toMatchObject({
      maxSupply: 1,
      claimed: 1,
      remaining: 0,
      supplyStatus: 'sold_out',
      redemptions: 1,
      uniqueRedeemers: 1,
      tokensRedeemed: 10,
      popularityRank: 3,
    })
    expect(byName.Cap).toBeUndefined()
    // All time at Alpha: earned 190 + 100 + 50 = 340, redeemed 60 + 40 + 10 = 110: 32.35 %; breakage 67.65 %.
    expect(r.body.data.totals).toEqual({
      redemptions: 4,
      tokensRedeemed: 110,
      tokensDistributed: 340,
      redemptionRate: 32.35,
      breakage: 67.65,
    })
    // Gamma: no perks, 25 earned, nothing redeemed: breakage 100 %.
    const gamma = await w.call('GET', `/api/v1/analytics/brands/${w.brandIds[2]}/perks`)
    expect(gamma.body.data).toEqual({
      brandId: w.brandIds[2],
      perks: [],
      totals: { redemptions: 0, tokensRedeemed: 0, tokensDistributed: 25, redemptionRate: 0, breakage: 100 },
    })
    expect((await w.call('GET', `/api/v1/analytics/brands/0x${'7'.repeat(40)}/perks`)).status).toBe(404)
  })

  it('perk_intelligence: heat, funnel, supply and retention impact per perk', async () => {
    const alpha = w.brandIds[0] as string
    const r = await w.call('GET', `/api/v1/intelligence/brands/${alpha}/perks`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_perk_intelligence')
    const byName = Object.fromEntries(r.body.data.perks.map((p: { name: string }) => [p.name, p]))
    // Claims this week = this month: Mug 2 (the brand's best), Pin 1, Tote 0.
    // Mug: v = 2/2 = 1, t = min(2, 2 / max(1, 0/3)) / 2 = 1 → round(100 × (0.6 + 0.4)) = 100, hot.
    // Pin: v = 1/2, t = min(2, 1/1) / 2 = 0.5 → round(100 × (0.3 + 0.2)) = 50, warm. Tote: 0, cold.
    // Funnel: active earners u0, u1, u2 with balances (every ledger entry) u0 150 + 10 − 30 = 130,
    // u1 120 − 30 − 15 = 75, u2 20. Mug (30): 2 can afford, 2 claimed → 100 %; Tote (40): 2, 0 → 0 %;
    // Pin (10): 3, 1 → 33.33 %. Supply: Mug 10 left at 2 / 30 = 0.07 a day → ⌈10 × 30 / 2⌉ = 150 days;
    // Pin none left (0 days); Tote unlimited. Retention: only Tote has a claimer before the last 30 days
    // (u3, 50 days ago), not active since → 0 %; baseline: 1 of Alpha's 2 members of 30–60 days ago came
    // back → 50 %; lift −50.
    expect(byName.Mug).toMatchObject({
      collectionId: perks.mug,
      cost: 30,
      claims7d: 2,
      claims30d: 2,
      heatScore: 100,
      heat: 'hot',
      funnel: { activeEarners30d: 3, couldAfford: 2, claimed30d: 2, conversionRate: 100 },
      supply: { remaining: 10, depletionPerDay: 0.07, daysToSellOut: 150 },
      retentionImpact: { claimerRetention30d: null, baseline: null, lift: null },
    })
    expect(byName.Pin).toMatchObject({
      heatScore: 50,
      heat: 'warm',
      funnel: { couldAfford: 3, claimed30d: 1, conversionRate: 33.33 },
      supply: { remaining: 0, depletionPerDay: 0.03, daysToSellOut: 0 },
    })
    expect(byName.Tote).toMatchObject({
      heatScore: 0,
      heat: 'cold',
      funnel: { couldAfford: 2, claimed30d: 0, conversionRate: 0 },
      supply: { remaining: null, depletionPerDay: 0, daysToSellOut: null },
      retentionImpact: { claimerRetention30d: 0, baseline: 50, lift: -50 },
    })
    expect((await w.call('GET', `/api/v1/intelligence/brands/0x${'7'.repeat(40)}/perks`)).status).toBe(404)
  })
})
