import { describe, expect, it } from 'vitest'
import { type SeededEvent, useAnalyticsWorld } from './helpers/agent-analytics-world'
import { testDialects } from './helpers/test-databases'

// perk_audience (#40) and brand_audience (#41) over HTTP (docs/agent-api.md#audiences), every figure
// by hand. Brands Alpha (0), Beta (1), Gamma (2), Empty (3); perks Mug 30 and Tote 40 at Alpha, Cap 35
// at Beta (the median offered perk cost is 35). Users (Alpha events unless said; days ago; platform):
//   u0 11 events, days 1..11, 1 token each, metadata.platform discord; Mug 3 d ago → champion, high
//   u1 1 event, 2 d, email telegram_42@… → new, low
//   u2 Alpha 20 d (domain: web), Beta 25 d, Gamma 26 d, 10 each → explorer, low
//   u3 10 at 60 d and 80 d (api) → at_risk (net 20 < 35: not a saver), inactive
//   u4 5 at 5, 10, 15, 20 d (api) → loyalist (4 events in 90 d, net 20), medium
//   u5 50 at 40 d (api); Mug 35 d, Tote 33 d (70 of 50 redeemed, 2 redemptions) → redeemer, inactive
//   u6 no event; Mug 10 d → casual (claimers without events), inactive
const EVENTS: SeededEvent[] = [
  ...Array.from({ length: 11 }, (_, i) => ({
    brand: 0,
    user: 0,
    eventType: 'purchase',
    reward: 1,
    daysAgo: i + 1,
    metadata: { platform: 'Discord' },
  })),
  { brand: 0, user: 1, eventType: 'purchase', reward: 10, daysAgo: 2, email: 'telegram_42@example.com' },
  { brand: 0, user: 2, eventType: 'purchase', reward: 10, daysAgo: 20, domain: 'alpha.example' },
  { brand: 1, user: 2, eventType: 'purchase', reward: 10, daysAgo: 25 },
  { brand: 2, user: 2, eventType: 'purchase', reward: 10, daysAgo: 26 },
  { brand: 0, user: 3, eventType: 'purchase', reward: 10, daysAgo: 60 },
  { brand: 0, user: 3, eventType: 'purchase', reward: 10, daysAgo: 80 },
  ...[5, 10, 15, 20].map((daysAgo) => ({ brand: 0, user: 4, eventType: 'purchase', reward: 5, daysAgo })),
  { brand: 0, user: 5, eventType: 'purchase', reward: 50, daysAgo: 40 },
]

const third = 33.33
const sixth = 16.67

describe.each(testDialects)('agent audiences over HTTP on $dialect', (dialect) => {
  const perks: Record<string, number> = {}
  const w = useAnalyticsWorld(dialect, {
    brands: ['Alpha', 'Beta', 'Gamma', 'Empty'],
    users: 7,
    async setup(w) {
      const engine = w.s.runtime.engine
      const [alpha, beta] = w.brandIds as [string, string]
      perks.mug = (await engine.perks.create({ brandId: alpha, name: 'Mug', price: 30, maxSupply: 10 })).collectionId
      perks.tote = (await engine.perks.create({ brandId: alpha, name: 'Tote', price: 40 })).collectionId
      perks.cap = (await engine.perks.create({ brandId: beta, name: 'Cap', price: 35 })).collectionId
    },
    events: EVENTS,
    redemptions: () => [
      { brand: 0, user: 0, collectionId: perks.mug as number, price: 30, daysAgo: 3 },
      { brand: 0, user: 5, collectionId: perks.mug as number, price: 30, daysAgo: 35 },
      { brand: 0, user: 5, collectionId: perks.tote as number, price: 40, daysAgo: 33 },
      { brand: 0, user: 6, collectionId: perks.mug as number, price: 30, daysAgo: 10 },
    ],
  })
  const get = async (path: string) => {
    const r = await w.call('GET', path)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data
  }

  it("brand_audience: the brand's 90-day members by archetype, engagement and platform, and the drift against 30 days earlier", async () => {
    const alpha = w.brandIds[0] as string
    const data = await get(`/api/v1/intelligence/brands/${alpha}/audience`)
    expect(data.users).toBe(6)
    expect(data.archetypes).toEqual(
      ['new', 'champion', 'redeemer', 'explorer', 'loyalist', 'at_risk'].map((archetype) => ({
        archetype,
        count: 1,
        share: sixth,
      })),
    )
    expect(data.engagement).toEqual([
      { level: 'high', users: 1, share: sixth },
      { level: 'medium', users: 1, share: sixth },
      { level: 'low', users: 2, share: third },
      { level: 'inactive', users: 2, share: third },
    ])
    // 20 Alpha events in 90 days: 11 discord (u0), 7 api (u3 ×2, u4 ×4, u5), 1 telegram, 1 web.
    expect(data.platforms).toEqual([
      { platform: 'discord', events: 11, users: 1, share: 55 },
      { platform: 'api', events: 7, users: 3, share: 35 },
      { platform: 'telegram', events: 1, users: 1, share: 5 },
      { platform: 'web', events: 1, users: 1, share: 5 },
    ])
    // 30 days ago the members were u3 (last event 30 d + 1 h before then: at_risk) and u5 (its only
    // event 10 d before then: new) — half each.
    expect(data.archetypeDrift).toEqual([
      { archetype: 'new', shareNow: sixth, sharePrev: 50, change: -33.33 },
      { archetype: 'champion', shareNow: sixth, sharePrev: 0, change: sixth },
      { archetype: 'redeemer', shareNow: sixth, sharePrev: 0, change: sixth },
      { archetype: 'explorer', shareNow: sixth, sharePrev: 0, change: sixth },
      { archetype: 'loyalist', shareNow: sixth, sharePrev: 0, change: sixth },
      { archetype: 'at_risk', shareNow: sixth, sharePrev: 50, change: -33.33 },
    ])
    expect(Date.parse(data.to) - Date.parse(data.from)).toBe(90 * 86_400_000)

    const empty = await get(`/api/v1/intelligence/brands/${w.brandIds[3]}/audience`)
    expect(empty).toMatchObject({ users: 0, archetypes: [], platforms: [], archetypeDrift: [] })
    expect(empty.engagement.map((e: { users: number; share: number }) => [e.users, e.share])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ])
    const unknown = await w.call('GET', `/api/v1/intelligence/brands/0x${'ab'.repeat(20)}/audience`)
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found'])
    expect((await w.call('GET', '/api/v1/intelligence/brands/nope/audience')).status).toBe(400)
  })

  it("perk_audience: a perk's claimers, claimers without events counted as casual and inactive", async () => {
    const [alpha, beta] = w.brandIds as [string, string]
    const mug = await get(`/api/v1/intelligence/brands/${alpha}/perks/${perks.mug}/audience`)
    expect(mug).toEqual({
      brandId: alpha,
      collectionId: perks.mug,
      perkId: expect.any(String),
      name: 'Mug',
      claimers: 3,
      archetypes: [
        { archetype: 'champion', count: 1, share: third },
        { archetype: 'redeemer', count: 1, share: third },
        { archetype: 'casual', count: 1, share: third },
      ],
      engagement: [
        { level: 'high', users: 1, share: third },
        { level: 'medium', users: 0, share: 0 },
        { level: 'low', users: 0, share: 0 },
        { level: 'inactive', users: 2, share: 66.67 },
      ],
      // The claimers' Alpha events in 90 days: u0's 11 (discord), u5's 1 (api).
      platforms: [
        { platform: 'discord', events: 11, users: 1, share: 91.67 },
        { platform: 'api', events: 1, users: 1, share: 8.33 },
      ],
    })
    const tote = await get(`/api/v1/intelligence/brands/${alpha}/perks/${perks.tote}/audience`)
    expect(tote).toMatchObject({
      claimers: 1,
      archetypes: [{ archetype: 'redeemer', count: 1, share: 100 }],
      platforms: [{ platform: 'api', events: 1, users: 1, share: 100 }],
    })
    const unclaimed = await get(`/api/v1/intelligence/brands/${beta}/perks/${perks.cap}/audience`)
    expect(unclaimed).toMatchObject({ name: 'Cap', claimers: 0, archetypes: [], platforms: [] })

    // Another brand's collection, an unknown one → 404; a collection id that is not ≥ 1 → 400.
    for (const path of [`${alpha}/perks/${perks.cap}`, `${alpha}/perks/9999`, `${beta}/perks/${perks.mug}`]) {
      const r = await w.call('GET', `/api/v1/intelligence/brands/${path}/audience`)
      expect([r.status, r.body.error.code], path).toEqual([404, 'not_found'])
    }
    for (const id of ['0', 'abc', '1.5']) {
      const r = await w.call('GET', `/api/v1/intelligence/brands/${alpha}/perks/${id}/audience`)
      expect([r.status, r.body.error.code], id).toEqual([400, 'validation'])
    }
  })
})
