import { describe, expect, it } from 'vitest'
import { useAnalyticsSeed } from './helpers/agent-analytics-seed'
import { testDialects } from './helpers/test-databases'

// suggest_events and suggest_perks over HTTP (docs/agent-api.md) on the world of
// helpers/agent-analytics-seed.ts, every figure by hand.
describe.each(testDialects)('agent program suggestions over HTTP on $dialect', (dialect) => {
  const { w } = useAnalyticsSeed(dialect)
  const id = (i: number) => w.brandIds[i] as string

  it('suggest_events: types the brand lacks, the median of ≥ 3 same-category peers, else the default', async () => {
    // Gamma has the 6 default rules: it lacks review_submission, referral and purchase. No brand has a
    // category (all count as other). Peers offering purchase: Alpha 50 only → default 50.
    const before = await w.call('GET', `/api/v1/brands/${id(2)}/suggestions/events`)
    expect(before.status, JSON.stringify(before.body)).toBe(200)
    expect(before.body.meta.tool).toBe('loyalty_agent_suggest_events')
    expect(before.body.data.suggestions.map((s: { eventType: string; basis: string; peers: number }) => s)).toEqual([
      expect.objectContaining({
        eventType: 'review_submission',
        rewardAmount: 100,
        cooldownHours: 24,
        basis: 'default',
        peers: 1,
      }),
      expect.objectContaining({
        eventType: 'referral',
        rewardAmount: 1000,
        cooldownHours: 0,
        basis: 'default',
        peers: 0,
      }),
      expect.objectContaining({
        eventType: 'purchase',
        rewardAmount: 50,
        cooldownHours: 0,
        basis: 'default',
        peers: 1,
      }),
    ])
    // Three more brands with purchase rules 40, 90 and 65: peers 40, 50, 65, 90 → median (50 + 65) / 2 = 57.5 → 58.
    const engine = w.s.runtime.engine
    for (const [name, reward] of [
      ['Delta', 40],
      ['Epsilon', 90],
      ['Zeta', 65],
    ] as const) {
      const { brand } = await engine.brands.create({ name, websites: [] })
      await engine.rules.set({ brandId: brand.id, eventType: 'purchase', rewardAmount: reward })
    }
    const after = await w.call('GET', `/api/v1/brands/${id(2)}/suggestions/events`)
    expect(after.body.data).toEqual({
      brandId: id(2),
      category: 'other',
      suggestions: [
        expect.objectContaining({ eventType: 'review_submission', basis: 'default', rewardAmount: 100 }),
        expect.objectContaining({ eventType: 'referral', basis: 'default', rewardAmount: 1000 }),
        {
          eventType: 'purchase',
          rewardAmount: 58,
          cooldownHours: 0,
          basis: 'category_median',
          peers: 4,
          rationale: 'Median reward of 4 other other brands offering purchase',
        },
      ],
    })
    // Alpha offers purchase and review; its newsletter rule is disabled, so it lacks newsletter_subscribe
    // (5 peers offer it at the default 25: median 25) and referral.
    const alpha = await w.call('GET', `/api/v1/brands/${id(0)}/suggestions/events`)
    expect(
      alpha.body.data.suggestions.map((s: { eventType: string; rewardAmount: number; basis: string }) => [
        s.eventType,
        s.rewardAmount,
        s.basis,
      ]),
    ).toEqual([
      ['newsletter_subscribe', 25, 'category_median'],
      ['referral', 1000, 'default'],
    ])
    expect((await w.call('GET', `/api/v1/brands/0x${'7'.repeat(40)}/suggestions/events`)).status).toBe(404)
    expect((await w.call('GET', '/api/v1/brands/nope/suggestions/events')).status).toBe(400)
  })

  it("suggest_perks: prices at p25, p50 and p90 of members' nets, rounded to 1·2·5 × 10ⁿ", async () => {
    // Nets at Alpha (rewards − redemptions there): u0 150 − 30 = 120, u1 120 − 30 = 90, u2 20,
    // u3 50 − 40 = 10; the Pin claimer −10 is left out. Sorted 10, 20, 90, 120 (nearest rank):
    // p25 = 10, p50 = 20, p90 = 120 → 100 (nearer than 200); mean 60. Supply max(10, 0.2 × 3) = 10.
    const r = await w.call('GET', `/api/v1/brands/${id(0)}/suggestions/perks`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_suggest_perks')
    expect(r.body.data).toEqual({
      brandId: id(0),
      suggestions: [
        {
          name: 'Starter reward',
          category: 'other',
          priceInPoints: 10,
          maxSupply: 10,
          rationale: expect.stringContaining('p25'),
        },
        {
          name: 'Core reward',
          category: 'other',
          priceInPoints: 20,
          maxSupply: 10,
          rationale: expect.stringContaining('20'),
        },
        {
          name: 'Premium reward',
          category: 'other',
          priceInPoints: 100,
          maxSupply: 10,
          rationale: expect.stringContaining('120'),
        },
      ],
      balanceDistribution: { members: 4, p25: 10, p50: 20, p90: 120, mean: 60 },
    })
    // Beta: u0 10, u4 30, u1 −15 (redeemed the Cap, earned nothing there) → 10, 30: p25 10, p50 10,
    // p90 30 → 20 (nearer than 50); mean 20.
    const beta = await w.call('GET', `/api/v1/brands/${id(1)}/suggestions/perks`)
    expect(beta.body.data.balanceDistribution).toEqual({ members: 2, p25: 10, p50: 10, p90: 30, mean: 20 })
    expect(beta.body.data.suggestions.map((s: { priceInPoints: number }) => s.priceInPoints)).toEqual([10, 10, 20])
    // A brand nobody holds points at: nothing to fit.
    const { brand } = await w.s.runtime.engine.brands.create({ name: 'Empty', websites: [] })
    const empty = await w.call('GET', `/api/v1/brands/${brand.id}/suggestions/perks`)
    expect(empty.body.data).toEqual({
      brandId: brand.id,
      suggestions: [],
      balanceDistribution: { members: 0, p25: 0, p50: 0, p90: 0, mean: 0 },
    })
    expect((await w.call('GET', `/api/v1/brands/0x${'7'.repeat(40)}/suggestions/perks`)).status).toBe(404)
  })
})
