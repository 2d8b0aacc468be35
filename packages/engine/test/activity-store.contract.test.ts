import { randomUUID } from 'node:crypto'
import type { PerkRecord, RewardEvent } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { address, entry, hash } from './support/ledger-entry-fixture'
import { testDatabases, useTestStorage } from './support/test-databases'

const DAY = 86_400_000
const NOW = 1_760_000_000_000

/**
 * `ActivityStore` (the agent API's aggregates) and `PerkStore.list`, on one small network whose every
 * figure is counted by hand below: brands A, B, C (C idle), wallets w1, w2, w3.
 */
describe.each(testDatabases())('activity reads on $dialect', (db) => {
  const t = useTestStorage(db)
  const [A, B, C] = [address(), address(), address()]
  const [w1, w2, w3] = [address(), address(), address()]
  const event = (wallet: string, brandId: string, eventType: string, reward: number, daysAgo: number): RewardEvent => ({
    id: randomUUID(),
    brandId,
    eventType,
    userKey: `${wallet}@example.com`,
    userEmail: `${wallet}@example.com`,
    walletAddress: wallet,
    rewardAmount: reward,
    source: null,
    domain: 'shop.example',
    channelId: null,
    metadata: { platform: 'discord', daysAgo },
    mintJobId: null,
    transactionHash: null,
    createdAt: NOW - daysAgo * DAY,
  })
  const perk = (brandId: string, collectionId: number, createdAt: number): PerkRecord => ({
    id: randomUUID(),
    collectionId,
    brandId,
    name: `Perk ${collectionId}`,
    description: null,
    category: null,
    price: '30',
    maxSupply: 0,
    maxPerUser: 0,
    charges: 1,
    transactionHash: hash(),
    blockNumber: 1,
    createdAt,
    isActive: true,
    tags: [],
    discountCode: null,
    updatedAt: createdAt,
  })
  const base = Math.floor(Math.random() * 1e9)
  const perkB = perk(B, base + 1, 2)
  const perkA = perk(A, base + 2, 1)

  it('seeds brands, events, redemptions and perks', async () => {
    for (const [id, name] of [
      [A, 'A'],
      [B, 'B'],
      [C, 'C'],
    ] as const) {
      await t.storage.brands.create({ id, name, websites: [], createdAt: NOW - 200 * DAY })
    }
    const events = [
      event(w1, A, 'purchase', 10, 1),
      event(w1, A, 'purchase', 10, 2),
      event(w1, A, 'signup', 100, 50),
      event(w1, B, 'purchase', 5, 5),
      event(w2, A, 'signup', 100, 40),
      event(w3, B, 'review', 20, 95),
    ]
    for (const e of events) expect(await t.storage.events.recordClaim(e, null)).toBe(true)
    await t.storage.ledger.recordMany([
      entry({ wallet: w1, brand: A, kind: 'redemption', amount: -30, at: NOW - 3 * DAY }),
      entry({ wallet: A, brand: A, kind: 'transfer', amount: 30, at: NOW - 3 * DAY }),
      entry({ wallet: w2, brand: B, kind: 'redemption', amount: -50, at: NOW - 10 * DAY }),
      entry({ wallet: w1, brand: A, kind: 'reward', amount: 10, at: NOW - DAY }),
    ])
    await t.storage.perks.create(perkB)
    await t.storage.perks.create(perkA)
  })

  it('lists every perk, oldest first', async () => {
    expect(await t.storage.perks.list()).toEqual([perkA, perkB])
  })

  it('totals the network: 3 brands (2 active in 30 d), 3 users (1 active), 6 events, 245 tokens, 2 perks, 2 redemptions', async () => {
    expect(await t.storage.activity.networkTotals({ activeSince: NOW - 30 * DAY })).toEqual({
      brands: 3,
      activeBrands: 2,
      users: 3,
      activeUsers: 1,
      rewardEvents: 6,
      tokensDistributed: 10 + 10 + 100 + 5 + 100 + 20,
      perks: 2,
      redemptions: 2,
    })
  })

  it("groups a window's events by brand", async () => {
    const rows = await t.storage.activity.brandActivity({ since: NOW - 30 * DAY })
    expect(rows.sort((a, b) => a.rewardEvents - b.rewardEvents)).toEqual([
      { brandId: B, rewardEvents: 1, tokens: 5, activeUsers: 1 },
      { brandId: A, rewardEvents: 2, tokens: 20, activeUsers: 1 },
    ])
    expect(await t.storage.activity.brandActivity({ since: NOW + 1 })).toEqual([])
  })

  it("answers a wallet's events and redemptions by brand", async () => {
    const byBrand = (rows: { brandId: string }[]) =>
      rows.sort((a, b) => (a.brandId === A ? -1 : b.brandId === A ? 1 : 0))
    expect(byBrand(await t.storage.activity.walletBrands(w1))).toEqual([
      {
        brandId: A,
        events: 3,
        earned: 120,
        redemptions: 1,
        redeemed: 30,
        firstEventAt: NOW - 50 * DAY,
        lastEventAt: NOW - DAY,
        lastRedemptionAt: NOW - 3 * DAY,
      },
      {
        brandId: B,
        events: 1,
        earned: 5,
        redemptions: 0,
        redeemed: 0,
        firstEventAt: NOW - 5 * DAY,
        lastEventAt: NOW - 5 * DAY,
        lastRedemptionAt: null,
      },
    ])
    // w2 redeemed at B without earning there.
    expect(byBrand(await t.storage.activity.walletBrands(w2.toUpperCase().replace('0X', '0x')))).toEqual([
      {
        brandId: A,
        events: 1,
        earned: 100,
        redemptions: 0,
        redeemed: 0,
        firstEventAt: NOW - 40 * DAY,
        lastEventAt: NOW - 40 * DAY,
        lastRedemptionAt: null,
      },
      {
        brandId: B,
        events: 0,
        earned: 0,
        redemptions: 1,
        redeemed: 50,
        firstEventAt: null,
        lastEventAt: null,
        lastRedemptionAt: NOW - 10 * DAY,
      },
    ])
    expect(await t.storage.activity.walletBrands(address())).toEqual([])
  })

  it("groups a wallet's events by brand and type, at one brand and in a window", async () => {
    const all = await t.storage.activity.walletEventTypes({ walletAddress: w1 })
    expect(all.sort((a, b) => a.tokens - b.tokens)).toEqual([
      { brandId: B, eventType: 'purchase', claims: 1, tokens: 5, lastAt: NOW - 5 * DAY },
      { brandId: A, eventType: 'purchase', claims: 2, tokens: 20, lastAt: NOW - DAY },
      { brandId: A, eventType: 'signup', claims: 1, tokens: 100, lastAt: NOW - 50 * DAY },
    ])
    expect(await t.storage.activity.walletEventTypes({ walletAddress: w1, brandId: A, since: NOW - 30 * DAY })).toEqual(
      [{ brandId: A, eventType: 'purchase', claims: 2, tokens: 20, lastAt: NOW - DAY }],
    )
  })

  it("pages a wallet's recent events newest first, with their metadata", async () => {
    const events = await t.storage.activity.walletEvents({ walletAddress: w1, since: NOW - 30 * DAY, limit: 2 })
    expect(events.map((e) => [e.brandId, e.createdAt])).toEqual([
      [A, NOW - DAY],
      [A, NOW - 2 * DAY],
    ])
    expect(events[0]).toMatchObject({
      eventType: 'purchase',
      userEmail: `${w1}@example.com`,
      domain: 'shop.example',
      metadata: { platform: 'discord', daysAgo: 1 },
      rewardAmount: 10,
    })
    expect(await t.storage.activity.walletEvents({ walletAddress: w1, since: NOW - 30 * DAY, limit: 10 })).toHaveLength(
      3,
    )
  })

  it('ranks a wallet among those active in the window (w1: 4 events, 125 tokens; w2: 1 event, 100 tokens; w3 outside)', async () => {
    expect(
      await t.storage.activity.walletStanding({
        since: NOW - 90 * DAY,
        frequency: 2,
        monetary: 100,
        lastAt: NOW - 10 * DAY,
      }),
    ).toEqual({ wallets: 2, lessFrequent: 1, lessEarned: 0, lessRecent: 1 })
    expect(
      await t.storage.activity.walletStanding({ since: NOW - 90 * DAY, frequency: 5, monetary: 126, lastAt: NOW }),
    ).toEqual({ wallets: 2, lessFrequent: 2, lessEarned: 2, lessRecent: 2 })
    expect(await t.storage.activity.walletStanding({ since: NOW + 1, frequency: 1, monetary: 1, lastAt: NOW })).toEqual(
      {
        wallets: 0,
        lessFrequent: 0,
        lessEarned: 0,
        lessRecent: 0,
      },
    )
  })
})
