import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useAgentCommerceWorld } from './helpers/agent-commerce-world'
import { AGENT_USER_EMAIL as ANN } from './helpers/agent-fixture'
import { testDialects } from './helpers/test-databases'

const ann = encodeURIComponent(ANN)
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers
const pick = (rows: any[], ...keys: string[]) => rows.map((r) => keys.map((k) => r[k]))

// The agent API's commerce tools and the leaderboard over HTTP (docs/agent-api.md #9, #33-36) on
// the commerce world (helpers/agent-commerce-world.ts). Every figure by hand.
describe.each(testDialects)('agent commerce tools over HTTP on $dialect', (dialect) => {
  const { f, who, ids, get, board, perk } = useAgentCommerceWorld(dialect)

  it('ranks a brand by tokens earned or actions over 24 h, 7 d, 30 d or all time (the site leaderboard)', async () => {
    const masked = (w: string) => `${w.slice(0, 6)}…${w.slice(-4)}`
    const lb = (q: string) => f.call('GET', `/api/v1/brands/${ids.diner}/leaderboard${q}`)
    // Defaults rsnc_earned, all_time: w3 200, w1 50 + 30, w2 70.
    const all = await lb('')
    expect(all.status, JSON.stringify(all.body)).toBe(200)
    expect(all.body.meta.tool).toBe('loyalty_agent_leaderboard')
    expect(all.body.data).toMatchObject({ metric: 'rsnc_earned', period: 'all_time', total: 3, since: null })
    expect(pick(all.body.data.leaderboard, 'rank', 'userIdentifier', 'username', 'value')).toEqual([
      [1, masked(board.w3), null, 200],
      [2, masked(board.w1), null, 80],
      [3, masked(board.w2), null, 70],
    ])
    const windows = await Promise.all(['daily', 'weekly', 'monthly'].map((p) => lb(`?period=${p}`)))
    // 24 h: w1's 50; 7 d: w2 70, w1 50; 30 d: w1 80, w2 70.
    expect(
      windows.map((r) => [r.body.data.total, r.body.data.leaderboard.map((e: { value: number }) => e.value)]),
    ).toEqual([
      [1, [50]],
      [2, [70, 50]],
      [2, [80, 70]],
    ])
    // Actions: w1 2; w3 and w2 1 each, w3 first (it reached 1 earlier). A page of 2 still counts 3.
    const actions = await lb('?metric=activity&limit=2')
    expect(pick(actions.body.data.leaderboard, 'userIdentifier', 'value')).toEqual([
      [masked(board.w1), 2],
      [masked(board.w3), 1],
    ])
    expect(actions.body.data.total).toBe(3)
    const streak = await lb('?metric=streak')
    expect(streak.body.data).toMatchObject({ metric: 'streak', leaderboard: [], total: 0 })
    for (const q of ['?period=week', '?limit=101', '?limit=0', '?metric=points']) {
      const bad = await lb(q)
      expect([q, bad.status, bad.body.error.code]).toEqual([q, 400, 'validation'])
    }
    const unknown = await f.call('GET', `/api/v1/brands/0x${'9'.repeat(40)}/leaderboard`)
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found'])
  })

  it('scores deals by 0.5 × cashback% / best + 0.5 × (1 − cost / highest cost), within a budget', async () => {
    // "coffee" → dining: Cafe's perks and Coffee (its own category). Cashback at $100: Cafe 400 /
    // 1,000 = 0.4 %, Shop 80 / 1,000 = 0.08 %; highest cost 500. Dinner .5·1 + .5·(1 − 140/500) =
    // 0.86; Coffee .5·0.2 + .5·0.9 = 0.55; Spa .5·1 + 0 = 0.5.
    const r = await f.call('GET', '/api/v1/deals?intent=a%20coffee%20somewhere')
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_best_deals')
    expect(r.body.data).toMatchObject({ category: 'dining', personalized: false })
    expect(pick(r.body.data.deals, 'name', 'brandName', 'cost', 'cashbackPercent', 'score')).toEqual([
      ['Dinner', 'Cafe', 140, 0.4, 0.86],
      ['Coffee', 'Shop', 50, 0.08, 0.55],
      ['Spa', 'Cafe', 500, 0.4, 0.5],
    ])
    expect(r.body.data.deals[0]).not.toHaveProperty('affordableNow')
    // Budget 200: Spa out, highest cost 140. Dinner 0.5 + 0 = 0.5; Coffee 0.1 + .5·(90/140) = 0.4214.
    const budget = await f.call('GET', '/api/v1/deals?intent=coffee&budget=200')
    expect(pick(budget.body.data.deals, 'name', 'score')).toEqual([
      ['Dinner', 0.5],
      ['Coffee', 0.4214],
    ])
    // "shoes" → retail (Shop: cashback 0.08 % is the best). Public: Tea .5 + .5·(1 − 30/400) = 0.9625,
    // Coffee .5 + .5·(1 − 50/400) = 0.9375, Mug 0.5. For ann (signed) Tea is claimed to her limit.
    const shoes = await f.call('GET', '/api/v1/deals?intent=shoes')
    expect(pick(shoes.body.data.deals, 'name', 'score')).toEqual([
      ['Tea', 0.9625],
      ['Coffee', 0.9375],
      ['Mug', 0.5],
    ])
    const mine = await get(`/api/v1/deals?intent=shoes&userId=${ann}&limit=1`)
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    expect(mine.body.data).toMatchObject({ category: 'retail', personalized: true })
    expect(pick(mine.body.data.deals, 'name', 'score', 'affordableNow')).toEqual([['Coffee', 0.9375, true]])
    // No category word: the words are looked for in names ("spa" → Spa; "day" nowhere).
    const spa = await f.call('GET', '/api/v1/deals?intent=spa%20day')
    expect(spa.body.data).toMatchObject({ category: null, deals: [{ perkId: perk.spa, score: 0.5 }] })
    const unsigned = await f.call('GET', `/api/v1/deals?intent=shoes&userId=${ann}`)
    expect([unsigned.status, unsigned.body.error.code]).toEqual([401, 'auth_required'])
    for (const q of [
      '',
      'intent=x&limit=51',
      `intent=${'x'.repeat(201)}`,
      'intent=x&category=cars',
      'intent=x&budget=-1',
    ]) {
      const bad = await f.call('GET', `/api/v1/deals?${q}`)
      expect([q.slice(0, 20), bad.status, bad.body.error.code]).toEqual([q.slice(0, 20), 400, 'validation'])
    }
  })

  it('routes a purchase by cashback, plus the best perk the cashback unlocks for a signed user', async () => {
    // "dinner" → dining: Diner 500 tokens = $0.50 on $100 (0.5 %), Cafe 400 = $0.40 (0.4 %).
    const r = await f.call('GET', '/api/v1/commerce/route?intent=dinner')
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_route_purchase')
    expect(r.body.data).toMatchObject({ category: 'dining', purchaseAmount: 100, best: ids.diner, personalized: false })
    expect(pick(r.body.data.routes, 'rank', 'name', 'cashbackUsd', 'cashbackPercent', 'totalValueUsd')).toEqual([
      [1, 'Diner', 0.5, 0.5, 0.5],
      [2, 'Cafe', 0.4, 0.4, 0.4],
    ])
    // ann on $50: Diner $0.50 (1 %), no perk; Cafe $0.40 (0.8 %), and 150 + 400 = 550 tokens reach
    // Spa (500 = $0.50): 0.90, first.
    const mine = await get(`/api/v1/commerce/route?intent=dinner&purchaseAmount=50&userId=${ann}`)
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    expect(mine.body.data).toMatchObject({ best: f.cafeId, personalized: true })
    expect(mine.body.data.routes).toEqual([
      {
        rank: 1,
        brandId: f.cafeId,
        name: 'Cafe',
        cashbackPoints: 400,
        cashbackUsd: 0.4,
        cashbackPercent: 0.8,
        redeemablePerk: { perkId: perk.spa, name: 'Spa', cost: 500, valueUsd: 0.5 },
        totalValueUsd: 0.9,
      },
      {
        rank: 2,
        brandId: ids.diner,
        name: 'Diner',
        cashbackPoints: 500,
        cashbackUsd: 0.5,
        cashbackPercent: 1,
        totalValueUsd: 0.5,
      },
    ])
    // "tea": no category word; Shop has a perk named Tea: 80 tokens on $100.
    const tea = await f.call('GET', '/api/v1/commerce/route?intent=tea')
    expect(pick(tea.body.data.routes, 'name', 'cashbackPoints', 'cashbackPercent')).toEqual([['Shop', 80, 0.08]])
    const unsigned = await f.call('GET', `/api/v1/commerce/route?intent=dinner&userId=${ann}`)
    expect([unsigned.status, unsigned.body.error.code]).toEqual([401, 'auth_required'])
    const bad = await f.call('GET', '/api/v1/commerce/route?intent=dinner&purchaseAmount=0')
    expect([bad.status, bad.body.error.code]).toEqual([400, 'validation'])
  })

  it('stacks cashback, the best affordable perk and the codes a user holds on one purchase', async () => {
    // ann at Shop, $20: 80 tokens = $0.08; with 150 tokens the costliest perk she can claim is Coffee
    // (50 = $0.05; Tea at her limit, Mug 400 too dear); she holds Tea (TEA10), not Mug (MUG5).
    // Savings 0.13, effective price 19.87.
    const r = await get(`/api/v1/commerce/stack?brandId=${f.shopId}&purchaseAmount=20&userId=${ann}`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_stack_deals')
    expect(r.body.data).toEqual({
      brandId: f.shopId,
      userId: ANN,
      purchaseAmount: 20,
      balance: 150,
      baseCashback: { points: 80, usd: 0.08 },
      bestPerk: { perkId: perk.coffee, name: 'Coffee', cost: 50, valueUsd: 0.05, discountCode: null },
      discountCodes: [{ perkId: ids.tea, name: 'Tea', code: 'TEA10' }],
      promotions: [],
      totalSavingsUsd: 0.13,
      effectivePrice: 19.87,
    })
    const missing = await get(`/api/v1/commerce/stack?brandId=${f.shopId}&userId=${ann}`)
    expect([missing.status, missing.body.error.code]).toEqual([400, 'validation'])
    const unknown = await get(`/api/v1/commerce/stack?brandId=0x${'9'.repeat(40)}&purchaseAmount=5&userId=${ann}`)
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found'])
    const unsigned = await f.call('GET', `/api/v1/commerce/stack?brandId=${f.shopId}&purchaseAmount=20&userId=${ann}`)
    expect([unsigned.status, unsigned.body.error.code]).toEqual([401, 'auth_required'])
  })

  it("finds a user's next goal and a greedy path of rules to it", async () => {
    // ann, 150 tokens. Not yet affordable: Mug 400 (250 short), Spa 500 (350 short) → Mug, 37 %.
    // Shop rules left to her (1 claim each): subscribe_renewal 200, complete_survey 75, … → 200 + 75.
    const r = await get(`/api/v1/users/${ann}/goals`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_next_goal')
    expect(r.body.data).toEqual({
      userId: ANN,
      walletAddress: f.wallet,
      balance: 150,
      goal: {
        perkId: perk.mug,
        name: 'Mug',
        brandId: f.shopId,
        cost: 400,
        pointsNeeded: 250,
        progressPercent: 37,
        canAffordNow: false,
        path: [
          { eventType: 'subscribe_renewal', rewardAmount: 200, count: 1 },
          { eventType: 'complete_survey', rewardAmount: 75, count: 1 },
        ],
        actionsNeeded: 2,
        reachable: true,
        estimatedDays: 0,
      },
      alternatives: [
        { perkId: perk.spa, name: 'Spa', brandId: f.cafeId, cost: 500, pointsNeeded: 350, progressPercent: 30 },
      ],
    })
    // champ (no tokens on chain) aiming at Spa at Cafe: place_order 400 (unlimited, 24 h cooldown)
    // twice, the second a day after the first.
    const champ = await get(`/api/v1/users/${who.champ}/goals?brandId=${f.cafeId}&targetPerkId=${perk.spa}`)
    expect(champ.body.data.goal).toMatchObject({
      perkId: perk.spa,
      pointsNeeded: 500,
      progressPercent: 0,
      path: [{ eventType: 'place_order', rewardAmount: 400, count: 2 }],
      actionsNeeded: 2,
      estimatedDays: 1,
    })
    // Dinner (140) is the other Cafe goal.
    expect(champ.body.data.alternatives.map((a: { perkId: string }) => a.perkId)).toEqual([perk.dinner])
    const affordable = await get(`/api/v1/users/${ann}/goals?targetPerkId=${perk.coffee}`)
    expect(affordable.body.data.goal).toMatchObject({
      pointsNeeded: 0,
      progressPercent: 100,
      canAffordNow: true,
      path: [],
    })
    const unknown = await get(`/api/v1/users/${ann}/goals?targetPerkId=${randomUUID()}`)
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found'])
    const unsigned = await f.call('GET', `/api/v1/users/${ann}/goals`)
    expect([unsigned.status, unsigned.body.error.code]).toEqual([401, 'auth_required'])
  })
})
