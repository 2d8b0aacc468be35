import { describe, expect, it } from 'vitest'
import { AGENT_SITE as SITE, useAgentServer } from './helpers/agent-fixture'
import { testDialects } from './helpers/test-databases'

// Agent tools that compare brands and size a program (docs/agent-api.md): check_brand, compare_cashback
// and estimate_roi over HTTP, each figure computed by hand in the test.
describe.each(testDialects)('agent comparison and growth tools over HTTP on $dialect', (dialect) => {
  const f = useAgentServer(dialect)

  it('finds a brand by website (any URL or domain form, www. ignored) or by name; else offers to join', async () => {
    for (const query of ['https://www.shop.example/cart?x=1', 'shop.example', 'SHOP.EXAMPLE', 'Shop', 'shop']) {
      const r = await f.call('GET', `/api/v1/brands/check?query=${encodeURIComponent(query)}`)
      expect(r.status, query).toBe(200)
      expect(r.body.meta.tool).toBe('loyalty_agent_check_brand')
      expect(r.body.data, query).toMatchObject({ found: true, brand: { brandId: f.shopId, website: SITE } })
    }
    const partial = await f.call('GET', '/api/v1/brands/check?query=caf')
    expect(partial.body.data).toMatchObject({ found: false, matches: [{ brandId: f.cafeId }] })
    const none = await f.call('GET', '/api/v1/brands/check?query=other.example')
    expect(none.body.data).toEqual({
      found: false,
      matches: [],
      join: { tool: 'loyalty_agent_request_info', route: 'POST /growth/request-info' },
    })
    const empty = await f.call('GET', '/api/v1/brands/check')
    expect([empty.status, empty.body.error.details[0].field]).toEqual([400, 'query'])
  })

  it('compares cashback: Shop rewards a purchase with 80 points = $0.08, 0.16 % of $50; Cafe nothing', async () => {
    const r = await f.call('GET', `/api/v1/compare/cashback?brandIds=${f.cafeId},${f.shopId}&purchaseAmount=50`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toEqual({
      purchaseAmount: 50,
      comparisons: [
        { brandId: f.shopId, name: 'Shop', cashbackPoints: 80, cashbackUsd: 0.08, cashbackPercent: 0.16 },
        { brandId: f.cafeId, name: 'Cafe', cashbackPoints: 0, cashbackUsd: 0, cashbackPercent: 0 },
      ],
      best: f.shopId,
    })
    // Default purchase: $100 → 0.08 %.
    const byDefault = await f.call('GET', `/api/v1/compare/cashback?brandIds=${f.shopId},${f.cafeId}`)
    expect(byDefault.body.data.comparisons[0]).toMatchObject({ cashbackPercent: 0.08 })

    const one = await f.call('GET', `/api/v1/compare/cashback?brandIds=${f.shopId}`)
    expect([one.status, one.body.error.code]).toEqual([400, 'validation'])
    const eleven = Array.from({ length: 11 }, (_, i) => `0x${String(i).padStart(40, '0')}`).join(',')
    expect((await f.call('GET', `/api/v1/compare/cashback?brandIds=${eleven}`)).status).toBe(400)
    const twice = await f.call('GET', `/api/v1/compare/cashback?brandIds=${f.shopId},${f.shopId}`)
    expect(twice.status).toBe(400)
    const neither = await f.call('GET', '/api/v1/compare/cashback')
    expect([neither.status, neither.body.error.details[0].field]).toEqual([400, 'brandIds'])
    const unknown = await f.call('GET', `/api/v1/compare/cashback?brandIds=${f.shopId},0x${'9'.repeat(40)}`)
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found'])
    const zero = await f.call('GET', `/api/v1/compare/cashback?brandIds=${f.shopId},${f.cafeId}&purchaseAmount=0`)
    expect(zero.status).toBe(400)
  })

  it('estimates ROI: retail, 1,000 customers, $50 orders', async () => {
    // 300 members (30 %); revenue 300 × 50 × 0.15 = 2,250; cost 300 × 50 × 1.15 × 0.03 = 517.50
    // (517,500 points); net 1,732.50; ROI 1,732.5 / 517.5 = 334.78 %.
    const r = await f.call('POST', '/api/v1/growth/estimate-roi', {
      body: { industry: 'Retail', monthlyCustomers: 1000, averageOrderValue: 50, timestamp: 1 },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_estimate_roi')
    expect(r.body.data).toEqual({
      industry: 'retail',
      monthlyCustomers: 1000,
      averageOrderValue: 50,
      projectedMembers: 300,
      incrementalRevenueUsd: 2250,
      rewardCostUsd: 517.5,
      monthlyPointsIssued: 517500,
      netBenefitUsd: 1732.5,
      roiPercent: 334.78,
      assumptions: { participationRate: 0.3, frequencyLift: 0.15, rewardRate: 0.03, tokensPerUsd: 1000 },
    })
    // Gaming, 2,000 customers, $20: 1,000 members; revenue 1,000 × 20 × 0.25 = 5,000; cost 1,000 × 20 ×
    // 1.25 × 0.05 = 1,250; net 3,750; ROI 300 %. An unknown industry counts as other, and the defaults
    // are 1,000 customers at $50: 300 members; revenue 1,800; cost 300 × 50 × 1.12 × 0.03 = 504; ROI 257.14 %.
    const gaming = await f.call('POST', '/api/v1/growth/estimate-roi', {
      body: { industry: 'gaming', monthlyCustomers: '2000', averageOrderValue: 20 },
    })
    expect(gaming.body.data).toMatchObject({ projectedMembers: 1000, netBenefitUsd: 3750, roiPercent: 300 })
    const other = await f.call('POST', '/api/v1/growth/estimate-roi', { body: { industry: 'plumbing' } })
    expect(other.body.data).toMatchObject({
      industry: 'other',
      incrementalRevenueUsd: 1800,
      rewardCostUsd: 504,
      roiPercent: 257.14,
    })

    for (const body of [
      { monthlyCustomers: 0 },
      { monthlyCustomers: 10_000_001 },
      { averageOrderValue: 0 },
      { monthlyCustomers: 1.5 },
    ]) {
      const bad = await f.call('POST', '/api/v1/growth/estimate-roi', { body })
      expect(bad.status, JSON.stringify(body)).toBe(400)
      expect(bad.body.error.code).toBe('validation')
    }
    const notObject = await f.call('POST', '/api/v1/growth/estimate-roi', { body: [1] })
    expect(notObject.status).toBe(400)
  })
})
