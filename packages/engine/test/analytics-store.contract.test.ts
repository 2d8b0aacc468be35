import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { toLedgerEntry } from '../src/ledger/record-ledger-entry'
import { testDatabases, useTestStorage } from './support/test-databases'

const DAY = 86_400_000
const H = 3_600_000
/** A UTC midnight. */
const T0 = 20_000 * DAY
const B1 = `0xb1${'0'.repeat(38)}`
const B2 = `0xb2${'0'.repeat(38)}`
const [W1, W2, W3] = ['1', '2', '3'].map((d) => `0x${d.repeat(40)}`) as [string, string, string]
/** The window the tests read: two days from T0. */
const W = { since: T0, until: T0 + 2 * DAY }

/** (brand, wallet, type, reward, at) */
const EVENTS: Array<[string, string, string, number, number]> = [
  [B1, W1, 'purchase', 10, T0 + H],
  [B1, W1, 'purchase', 10, T0 + 2 * H],
  [B1, W2, 'review', 5, T0 + DAY + H],
  [B1, W3, 'purchase', 10, T0 - 5 * DAY],
  [B2, W3, 'purchase', 7, T0 + 3 * H],
  [B1, W2, 'purchase', 10, T0 - 10 * DAY],
]
/** (brand, wallet, collection, price, at) */
const REDEMPTIONS: Array<[string, string, number, number, number]> = [
  [B1, W1, 7, 4, T0 + 4 * H],
  [B1, W2, 7, 4, T0 + DAY + 2 * H],
  [B1, W1, 8, 9, T0 - 3 * DAY],
  [B2, W3, 12, 6, T0 + 5 * H],
]

/** `AnalyticsStore`: each aggregate over a small ledger whose answers are counted by hand. */
describe.each(testDatabases())('analytics store on $dialect', (db) => {
  const t = useTestStorage(db)

  it('seeds events (with their reward entries) and redemptions (with the brand side)', async () => {
    for (const [brandId, walletAddress, eventType, rewardAmount, createdAt] of EVENTS) {
      const id = randomUUID()
      const user = `${walletAddress.slice(0, 6)}@example.com`
      await t.storage.events.recordClaim(
        {
          id,
          brandId,
          eventType,
          userKey: user,
          userEmail: user,
          walletAddress,
          rewardAmount,
          source: null,
          domain: null,
          channelId: null,
          metadata: null,
          mintJobId: null,
          transactionHash: null,
          createdAt,
        },
        null,
      )
      const reward = { kind: 'reward', walletAddress, brandId, sourceType: 'event', sourceId: id } as const
      await t.storage.ledger.record(toLedgerEntry({ ...reward, amount: rewardAmount, createdAt }))
    }
    for (const [i, [brandId, walletAddress, collectionId, price, createdAt]] of REDEMPTIONS.entries()) {
      const common = { brandId, sourceType: 'perk_claim', sourceId: `${collectionId}:${i}`, createdAt }
      await t.storage.ledger.recordMany([
        toLedgerEntry({ ...common, kind: 'redemption', walletAddress, amount: -price, counterparty: brandId }),
        toLedgerEntry({
          ...common,
          kind: 'transfer',
          walletAddress: brandId,
          amount: price,
          counterparty: walletAddress,
        }),
      ])
    }
  })

  it('totals, new and retained users, days, event types and brands of reward events', async () => {
    const a = t.storage.analytics
    // In W: B1 W1 10 + 10, B1 W2 5, B2 W3 7.
    expect(await a.activityTotals(W)).toEqual({ events: 4, tokens: 32, users: 3, brands: 2 })
    expect(await a.activityTotals({ ...W, brandId: B1.toUpperCase().replace('0X', '0x') })).toEqual({
      events: 3,
      tokens: 25,
      users: 2,
      brands: 1,
    })
    expect(await a.activityTotals({ since: T0 + 3 * DAY, until: T0 + 4 * DAY })).toEqual({
      events: 0,
      tokens: 0,
      users: 0,
      brands: 0,
    })
    // New: W1 only (W2 and W3 earned before T0); at B2, W3 is new (its earlier event was at B1).
    expect(await a.newUsers(W)).toBe(1)
    expect(await a.newUsers({ ...W, brandId: B1 })).toBe(1)
    expect(await a.newUsers({ ...W, brandId: B2 })).toBe(1)
    // Active at B1 in the 11 days before T0: W2, W3; back at B1 in W: W2.
    expect(await a.retainedUsers({ brandId: B1, previous: { since: T0 - 11 * DAY, until: T0 }, current: W })).toBe(1)
    expect(await a.dailyActivity(W)).toEqual([
      { day: 20_000, events: 3, tokens: 27, users: 2 },
      { day: 20_001, events: 1, tokens: 5, users: 1 },
    ])
    expect(await a.dailyActivity({ ...W, brandId: B2 })).toEqual([{ day: 20_000, events: 1, tokens: 7, users: 1 }])
    expect(await a.eventTypeActivity({ ...W, brandId: B1 })).toEqual([
      { eventType: 'purchase', claims: 2, users: 1, repeatUsers: 1, tokens: 20 },
      { eventType: 'review', claims: 1, users: 1, repeatUsers: 0, tokens: 5 },
    ])
    expect(await a.brandActivity(W)).toEqual([
      { brandId: B1, events: 3, tokens: 25, users: 2 },
      { brandId: B2, events: 1, tokens: 7, users: 1 },
    ])
  })

  it('redemptions: totals, days, brands, perks, flows and redeemers (the brand side not counted)', async () => {
    const a = t.storage.analytics
    expect(await a.redemptionTotals(W)).toEqual({ redemptions: 3, tokens: 14, redeemers: 3 })
    expect(await a.redemptionTotals({ ...W, brandId: B1 })).toEqual({ redemptions: 2, tokens: 8, redeemers: 2 })
    expect(await a.redemptionTotals({ brandId: B1, until: W.until })).toEqual({
      redemptions: 3,
      tokens: 17,
      redeemers: 2,
    })
    expect(await a.dailyRedemptions(W)).toEqual([
      { day: 20_000, redemptions: 2, tokens: 10 },
      { day: 20_001, redemptions: 1, tokens: 4 },
    ])
    expect(await a.brandRedemptions(W)).toEqual([
      { brandId: B1, redemptions: 2, tokens: 8, redeemers: 2 },
      { brandId: B2, redemptions: 1, tokens: 6, redeemers: 1 },
    ])
    expect(await a.perkRedemptions({ brandId: B1, until: W.until })).toEqual([
      { collectionId: 7, redemptions: 2, tokens: 8, redeemers: 2 },
      { collectionId: 8, redemptions: 1, tokens: 9, redeemers: 1 },
    ])
    expect(await a.perkRedemptions({ since: W.since, until: W.until })).toEqual([
      { collectionId: 7, redemptions: 2, tokens: 8, redeemers: 2 },
      { collectionId: 12, redemptions: 1, tokens: 6, redeemers: 1 },
    ])
    expect(await a.redemptionFlows(W)).toEqual({
      redemptions: [
        { walletAddress: W1, brandId: B1, redemptions: 1, tokens: 4 },
        { walletAddress: W2, brandId: B1, redemptions: 1, tokens: 4 },
        { walletAddress: W3, brandId: B2, redemptions: 1, tokens: 6 },
      ],
      earnings: [
        { walletAddress: W1, brandId: B1, earned: 20 },
        { walletAddress: W2, brandId: B1, earned: 15 },
        { walletAddress: W3, brandId: B1, earned: 10 },
        { walletAddress: W3, brandId: B2, earned: 7 },
      ],
    })
    expect(await a.redeemersOf({ ...W, brandId: B1 })).toEqual([W1, W2])
  })

  it('wallet activity as of a time (a brand window or a collection), and members’ nets at a brand', async () => {
    const a = t.storage.analytics
    const asOf = W.until
    // W1: 2 events at B1 (20), redeemed 4 + 9, net 20 − 13 = 7. W2: 10 days ago and in W (15), redeemed 4.
    expect(await a.walletActivity({ wallets: { brandId: B1, ...W }, asOf })).toEqual([
      {
        walletAddress: W1,
        firstEventAt: T0 + H,
        lastEventAt: T0 + 2 * H,
        events90d: 2,
        brandEvents30d: 2,
        brands: 1,
        earned: 20,
        redeemed: 13,
        redemptions: 2,
        net: 7,
      },
      {
        walletAddress: W2,
        firstEventAt: T0 - 10 * DAY,
        lastEventAt: T0 + DAY + H,
        events90d: 2,
        brandEvents30d: 2,
        brands: 1,
        earned: 15,
        redeemed: 4,
        redemptions: 1,
        net: 11,
      },
    ])
    // As of T0: W1 had no event yet; W2 had one (10 days before).
    const before = await a.walletActivity({ wallets: { brandId: B1, ...W }, asOf: T0 })
    expect(before.map((x) => [x.walletAddress, x.events90d, x.earned, x.net])).toEqual([[W2, 1, 10, 10]])
    // W3 at B2: 2 brands, 17 earned, 6 redeemed; only 1 event at B2 in the last 30 days.
    const w3 = await a.walletActivity({ wallets: { brandId: B2, ...W }, asOf })
    expect(w3).toMatchObject([{ walletAddress: W3, brands: 2, earned: 17, redeemed: 6, brandEvents30d: 1, net: 11 }])
    const claimers = await a.walletActivity({ wallets: { brandId: B1, collectionId: 8, until: asOf }, asOf })
    expect(claimers.map((x) => x.walletAddress)).toEqual([W1])
    // Nets at B1 (the brand's own wallet left out): W1 7, W2 11, W3 10.
    expect((await a.memberNets({ brandId: B1, until: asOf })).sort((x, y) => x - y)).toEqual([7, 10, 11])
    // Before T0 − 4 days: W2 and W3 had earned 10 each; W1's redemption (T0 − 3 days) came later.
    expect(await a.memberNets({ brandId: B1, until: T0 - 4 * DAY })).toEqual([10, 10])
  })
})
