import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ConverseWorld, converseWorld } from './support/converse-world'
import { codeOf } from './support/site-world'
import { testDatabases } from './support/test-databases'

const UNKNOWN_BRAND = `0x${'ab'.repeat(20)}`

describe.each(testDatabases())('converse answers on $dialect', (db) => {
  let w: ConverseWorld
  beforeAll(async () => {
    w = await converseWorld(db)
  })
  afterAll(async () => {
    await w?.close()
  })

  it('routes a purchase by the brands’ purchase rules and says the figures', async () => {
    const a = await w.converse('I want to buy sneakers for $120, where do i get the most cashback')
    expect(a.intent).toBe('purchase_routing')
    const cashback = a.steps.find((s) => s.tool === 'loyalty_agent_compare_cashback')
    expect(cashback).toMatchObject({ input: { category: 'retail', purchaseAmount: 120 }, status: 'ok' })
    // Nike's purchase rule pays 8,000 points = $8.00 = 6.67 % of $120; Adidas 5,000 = $5.00 = 4.17 %.
    expect(a.response).toContain('For a $120.00 purchase (retail): Nike gives back 8,000 points ($8.00, 6.67%)')
    expect(a.response).toContain('Adidas gives back 5,000 points ($5.00, 4.17%)')
    expect(a.response).toContain('Best cashback: Nike.')
    expect(a.data.loyalty_agent_compare_cashback).toMatchObject({ best: w.brandIds.Nike, purchaseAmount: 120 })
    expect(a.confidence).toBe(0.9)
  })

  it("answers a user's goal from the portfolio: balance and the costliest perk within it", async () => {
    const a = await w.converse('can alice@example.com afford anything yet?')
    expect(a.intent).toBe('goal')
    // 12,000 points minted; the costliest perk ≤ 12,000 is Nike's Running socks (5,000).
    expect(a.response).toContain('alice@example.com holds 12,000 points, earned at 2 brands.')
    expect(a.response).toContain('They can claim Running socks at Nike (5,000 points) right now.')
    // next_goal: the closest perk out of reach is Adidas's Gym bag (15,000): 3,000 to go, 80 %.
    expect(a.response).toContain('Next goal: Gym bag (15,000 points), 3,000 points to go (80%)')
    expect(a.steps.every((s) => s.status === 'ok')).toBe(true)
  })

  it('compares brands over the period asked, with confidence 0.9', async () => {
    const a = await w.converse('Adidas versus Nike, last week pls')
    expect(a.intent).toBe('compare')
    expect(a.steps.map((s) => [s.tool, s.input])).toEqual([
      ['loyalty_agent_compare_brands', { brandIds: `${w.brandIds.Adidas},${w.brandIds.Nike}`, period: '7d' }],
      ['loyalty_agent_brand_analytics', { brandId: w.brandIds.Adidas, period: '7d' }],
      ['loyalty_agent_brand_analytics', { brandId: w.brandIds.Nike, period: '7d' }],
    ])
    expect(a.confidence).toBe(0.9)
    // Alice's one purchase at Nike: 8,000 points to 1 customer; Adidas none.
    expect(a.response).toContain('Nike reached 1 customer with 1 reward event and 8,000 points distributed')
    expect(a.data.loyalty_agent_brand_analytics).toHaveLength(2)
  })

  it('records a failed step and still runs the others', async () => {
    const a = await w.converse(`compare nike vs ${UNKNOWN_BRAND}`)
    expect(a.intent).toBe('compare')
    expect(a.steps.map((s) => [s.tool, s.status, s.error?.code])).toEqual([
      ['loyalty_agent_compare_brands', 'failed', 'BRAND_NOT_FOUND'],
      ['loyalty_agent_brand_analytics', 'ok', undefined],
      ['loyalty_agent_brand_analytics', 'failed', 'BRAND_NOT_FOUND'],
    ])
    expect(a.toolsUsed).toEqual(['loyalty_agent_brand_analytics'])
    expect(a.response).toContain('compare_brands failed')
    expect(a.confidence).toBe(0.6)
  })

  it('answers confidence 0 when every step failed, 0.3 for discovery', async () => {
    const none = await w.converse('how close is nobody@example.com to a reward')
    expect(none.intent).toBe('goal')
    expect(none.steps.map((s) => s.error?.code)).toEqual(['USER_NOT_FOUND', 'USER_NOT_FOUND'])
    expect(none.confidence).toBe(0)
    expect(none.toolsUsed).toEqual([])
    const hello = await w.converse('hello there')
    expect(hello.intent).toBe('discovery')
    expect(hello.confidence).toBe(0.3)
    expect(hello.response).toContain('6 brands: Adidas, Blue Bottle Coffee, Marriott, Nike, Pixel Arcade, Starbucks.')
  })

  it('refuses a free key (403 FORBIDDEN), an empty or too long query (400)', async () => {
    const free = await w.key('free')
    expect(await codeOf(w.converse('how is nike doing?', free))).toBe('FORBIDDEN')
    expect(await codeOf(w.converse('   '))).toBe('VALIDATION_FAILED')
    expect(await codeOf(w.converse('x'.repeat(2001)))).toBe('VALIDATION_FAILED')
    expect(await codeOf(w.converse('x'.repeat(2000)))).toBe('ok')
  })
})
