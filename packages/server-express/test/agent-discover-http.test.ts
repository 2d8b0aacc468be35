import { randomBytes, randomUUID } from 'node:crypto'
import { perkCollectionAbi } from '@loyaltykit/contracts'
import { encodeFunctionData } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { AGENT_SITE as SITE, useAgentServer } from './helpers/agent-fixture'
import { custodialFlows } from './helpers/custodial-flows'
import { WEI } from './helpers/custodial-user'
import { testDialects } from './helpers/test-databases'

const DAY = 86_400_000

// The agent API's network-wide discovery reads over HTTP (docs/agent-api.md): network_stats,
// brand_rankings and browse_perks on a seeded network, every figure counted by hand below.
describe.each(testDialects)('agent discovery reads over HTTP on $dialect', (dialect) => {
  const f = useAgentServer(dialect)
  const bob = `0x${randomBytes(20).toString('hex')}`
  const cy = `0x${randomBytes(20).toString('hex')}`

  // Besides the fixture (Shop: purchase 80, perk Coffee 50 × 10; Cafe; ann +100 at Shop now):
  // perks Muffin (Cafe, 20 × 5, dining), Mug (Cafe, 200, unlimited, retail), Last one (Shop, 30 × 1,
  // claimed by dan through the relayer: sold out, 1 redemption); reward events stored with past
  // dates: bob at Cafe 25 (1 day ago) and 40 (45 days ago), cy at Shop 80 (60 days ago).
  beforeAll(async () => {
    const engine = f.s.runtime.engine
    const storage = f.s.runtime.storage
    const now = Date.now()
    for (const [wallet, brandId, eventType, reward, daysAgo] of [
      [bob, f.cafeId, 'newsletter_subscribe', 25, 1],
      [bob, f.cafeId, 'review_submission', 40, 45],
      [cy, f.shopId, 'purchase', 80, 60],
    ] as const) {
      await storage.events.recordClaim(
        {
          id: randomUUID(),
          brandId,
          eventType,
          userKey: `${wallet}@example.com`,
          userEmail: `${wallet}@example.com`,
          walletAddress: wallet,
          rewardAmount: reward,
          source: null,
          domain: null,
          channelId: null,
          metadata: null,
          mintJobId: null,
          transactionHash: null,
          createdAt: now - daysAgo * DAY,
        },
        null,
      )
    }
    await engine.perks.create({ brandId: f.cafeId, name: 'Muffin', price: 20, maxSupply: 5, category: 'dining' })
    await engine.perks.create({ brandId: f.cafeId, name: 'Mug', price: 200, maxSupply: 0, category: 'retail' })
    const last = await engine.perks.create({ brandId: f.shopId, name: 'Last one', price: 30, maxSupply: 1 })
    const flows = custodialFlows(f.s, { origin: SITE, brandId: f.shopId as `0x${string}` })
    const dan = await flows.client.login('dan@example.com')
    await flows.client.fund(dan, 40)
    const collection = f.s.runtime.chain?.contracts.perkCollection as `0x${string}`
    const permit = await flows.client.signPermit(dan, { spender: collection, value: 30n * WEI })
    await flows.relayed(dan, {
      to: collection,
      data: encodeFunctionData({
        abi: perkCollectionAbi,
        functionName: 'claimFor',
        args: [dan.walletAddress, BigInt(last.collectionId)],
      }),
      metadata: { action: 'claim_perk', perkId: last.id, permit },
    })
  }, 120_000)

  it('counts the network: 2 brands (both active), 3 earners (2 in 30 days), 4 events, 245 tokens, 4 perks, 1 redemption', async () => {
    const r = await f.call('GET', '/api/v1/network/stats?foo=1')
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(Object.keys(r.body)).toEqual(['data', 'meta'])
    expect(r.body.meta.tool).toBe('loyalty_agent_network_stats')
    expect(r.body.data).toEqual({
      brands: 2,
      activeBrands30d: 2,
      users: 3, // ann, bob, cy (dan was funded, not rewarded)
      activeUsers30d: 2, // ann (now), bob (1 day ago); cy's event is 60 days old
      rewardEvents: 4,
      tokensDistributed: 100 + 25 + 40 + 80,
      perks: 4,
      redemptions: 1,
    })
  })

  it('ranks brands by tokens of the last 30 days (Shop 100, Cafe 25), with their cashback at $100', async () => {
    const r = await f.call('GET', '/api/v1/brands/rankings')
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_brand_rankings')
    expect(r.body.data).toEqual({
      rankings: [
        // cy's 80 tokens at Shop are 60 days old; a purchase earns 80 tokens = $0.08 = 0.08 % of $100.
        {
          rank: 1,
          brandId: f.shopId,
          name: 'Shop',
          tokensDistributed30d: 100,
          activeUsers30d: 1,
          cashbackPercent: 0.08,
        },
        // bob's 40 tokens at Cafe are 45 days old.
        { rank: 2, brandId: f.cafeId, name: 'Cafe', tokensDistributed30d: 25, activeUsers30d: 1, cashbackPercent: 0 },
      ],
    })
    const top = await f.call('GET', '/api/v1/brands/rankings?limit=1')
    expect(top.body.data.rankings.map((x: { name: string }) => x.name)).toEqual(['Shop'])
    // Brands have no category yet: a category ranks none.
    expect((await f.call('GET', '/api/v1/brands/rankings?category=retail')).body.data).toEqual({ rankings: [] })
    for (const [query, field] of [
      ['limit=11', 'limit'],
      ['limit=0', 'limit'],
      ['category=shoes', 'category'],
    ]) {
      const bad = await f.call('GET', `/api/v1/brands/rankings?${query}`)
      expect([bad.status, bad.body.error.code], query).toEqual([400, 'validation'])
      expect(bad.body.error.details[0].field).toBe(field)
    }
  })

  it('browses perks that can be claimed now, cheapest first (the sold-out one left out), with filters', async () => {
    const r = await f.call('GET', '/api/v1/perks')
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_browse_perks')
    const brief = (perks: Record<string, unknown>[]) =>
      perks.map((p) => [p.name, p.brandName, p.cost, p.available, p.isActive])
    expect(brief(r.body.data.perks)).toEqual([
      ['Muffin', 'Cafe', 20, 5, true],
      ['Coffee', 'Shop', 50, 10, true],
      ['Mug', 'Cafe', 200, null, true],
    ])
    expect(r.body.data.total).toBe(3)
    expect(r.body.data.perks[0]).toMatchObject({ brandId: f.cafeId, category: 'dining', maxSupply: 5, claimed: 0 })

    const cheap = await f.call('GET', '/api/v1/perks?maxPrice=50')
    expect([brief(cheap.body.data.perks).map((p) => p[0]), cheap.body.data.total]).toEqual([['Muffin', 'Coffee'], 2])
    const dining = await f.call('GET', '/api/v1/perks?category=DINING')
    expect(brief(dining.body.data.perks).map((p) => p[0])).toEqual(['Muffin', 'Coffee'])
    const atCafe = await f.call('GET', `/api/v1/perks?brandId=${f.cafeId.toUpperCase().replace('0X', '0x')}`)
    expect(brief(atCafe.body.data.perks).map((p) => p[0])).toEqual(['Muffin', 'Mug'])
    const one = await f.call('GET', '/api/v1/perks?limit=1')
    expect([brief(one.body.data.perks).map((p) => p[0]), one.body.data.total]).toEqual([['Muffin'], 3])
    expect((await f.call('GET', '/api/v1/perks?maxPrice=19')).body.data).toEqual({ perks: [], total: 0 })

    for (const [query, field] of [
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['maxPrice=-1', 'maxPrice'],
      ['maxPrice=abc', 'maxPrice'],
      ['brandId=nope', 'brandId'],
    ]) {
      const bad = await f.call('GET', `/api/v1/perks?${query}`)
      expect([bad.status, bad.body.error.code], query).toEqual([400, 'validation'])
      expect(bad.body.error.details[0].field).toBe(field)
    }
    const unknown = await f.call('GET', `/api/v1/perks?brandId=0x${'7'.repeat(40)}`)
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found'])
  })
})
