import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { RewardEvent } from '../src/ports/event-store'
import { rebuildActivityRollups } from '../src/storage-kysely/rebuild-activity-rollups'
import { testDatabases, useTestStorage } from './support/test-databases'

const DAY = 86_400_000
const H = 3_600_000
/** "Now" of the reads: mid-afternoon, so every window has partial days at both ends. */
const NOW = 20_100 * DAY + 15 * H + 7 * 60_000
const BRANDS: string[] = ['0xa1', '0xa2', '0xa3', '0xa4'].map((p) => p.padEnd(42, '0'))
const WALLETS = Array.from({ length: 30 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`)

/** A small deterministic generator (the same events on every run and dialect). */
function lcg(seed: number) {
  let s = seed
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648
    return Math.floor((s / 2_147_483_648) * n)
  }
}

/** 240 events over the 20 days before NOW, recorded out of time order (as concurrent processes may). */
const rand = lcg(7)
const EVENTS: RewardEvent[] = Array.from({ length: 240 }, () => {
  const wallet = WALLETS[rand(rand(3) === 0 ? 5 : WALLETS.length)] as string
  const user = `${wallet.slice(-6)}@example.com`
  return {
    id: randomUUID(),
    brandId: BRANDS[rand(BRANDS.length)] as string,
    eventType: ['purchase', 'review', 'referral'][rand(3)] as string,
    userKey: user,
    userEmail: user,
    walletAddress: wallet,
    rewardAmount: 1 + rand(50),
    source: null,
    domain: null,
    channelId: null,
    metadata: null,
    mintJobId: null,
    transactionHash: null,
    createdAt: NOW - rand(20 * DAY),
  }
})

type W = { since: number; until: number; brandId?: string }

/** The aggregates counted from the events themselves (what the rollups must equal). */
function fromScratch(w: W) {
  const inW = EVENTS.filter(
    (e) => e.createdAt >= w.since && e.createdAt < w.until && (w.brandId === undefined || e.brandId === w.brandId),
  )
  const scope = (e: RewardEvent) => w.brandId === undefined || e.brandId === w.brandId
  const wallets = new Set(inW.map((e) => e.walletAddress))
  const earlier = new Set(EVENTS.filter((e) => scope(e) && e.createdAt < w.since).map((e) => e.walletAddress))
  const days = new Map<number, RewardEvent[]>()
  for (const e of inW) days.set(Math.floor(e.createdAt / DAY), [...(days.get(Math.floor(e.createdAt / DAY)) ?? []), e])
  const brands = new Map<string, RewardEvent[]>()
  for (const e of inW) brands.set(e.brandId, [...(brands.get(e.brandId) ?? []), e])
  const sum = (es: RewardEvent[]) => es.reduce((n, e) => n + e.rewardAmount, 0)
  return {
    totals: { events: inW.length, tokens: sum(inW), users: wallets.size, brands: brands.size },
    newUsers: [...wallets].filter((x) => !earlier.has(x)).length,
    daily: [...days.entries()]
      .sort(([a], [b]) => a - b)
      .map(([day, es]) => ({
        day,
        events: es.length,
        tokens: sum(es),
        users: new Set(es.map((e) => e.walletAddress)).size,
      })),
    brands: [...brands.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([brandId, es]) => ({ brandId, events: es.length, tokens: sum(es) })),
  }
}

const WINDOWS: W[] = [1, 3, 7, 30].flatMap((days) => {
  const until = NOW + 1
  const since = until - days * DAY
  const previous = { since: since - days * DAY, until: since }
  return [
    { since, until },
    previous,
    { since, until, brandId: BRANDS[0] as string },
    { ...previous, brandId: BRANDS[1] as string },
  ]
})
WINDOWS.push({ since: NOW - 5 * DAY, until: NOW - 5 * DAY + 2 * H }, { since: 0, until: NOW + 1 })

/**
 * The reward-event rollups (0022-activity-rollups): every read they serve equals the aggregate
 * counted from the events, for windows ending now, windows of the past and windows inside a day;
 * the rollups kept by the claim path equal a rebuild from scratch; concurrent claims of one wallet
 * on one day count it once.
 */
describe.each(testDatabases())('activity rollups on $dialect', (db) => {
  const t = useTestStorage(db)

  it('records 240 events out of time order through the claim path', async () => {
    for (const e of EVENTS) expect(await t.storage.events.recordClaim(e, null)).toBe(true)
  })

  it('totals, new users, daily series and brand totals equal the from-scratch aggregates', async () => {
    const a = t.storage.analytics
    for (const w of WINDOWS) {
      const expected = fromScratch(w)
      expect(await a.activityTotals(w)).toEqual(expected.totals)
      expect(await a.newUsers(w)).toBe(expected.newUsers)
      expect(await a.dailyActivity(w)).toEqual(expected.daily)
      if (w.brandId === undefined) expect(await a.brandTotals(w)).toEqual(expected.brands)
    }
  })

  it('network totals and brand activity since a time equal the from-scratch aggregates', async () => {
    const all = fromScratch({ since: 0, until: Number.MAX_SAFE_INTEGER })
    const recent = fromScratch({ since: NOW - 10 * DAY, until: Number.MAX_SAFE_INTEGER })
    const totals = await t.storage.activity.networkTotals({ activeSince: NOW - 10 * DAY })
    expect(totals).toMatchObject({
      activeBrands: recent.totals.brands,
      users: all.totals.users,
      activeUsers: recent.totals.users,
      rewardEvents: all.totals.events,
      tokensDistributed: all.totals.tokens,
    })
    const perBrand = await t.storage.activity.brandActivity({ since: NOW - 10 * DAY })
    expect(perBrand.sort((x, y) => (x.brandId < y.brandId ? -1 : 1))).toEqual(
      recent.brands.map((b) => ({
        brandId: b.brandId,
        rewardEvents: b.events,
        tokens: b.tokens,
        activeUsers: fromScratch({ since: NOW - 10 * DAY, until: Number.MAX_SAFE_INTEGER, brandId: b.brandId }).totals
          .users,
      })),
    )
  })

  it('the rollups kept by the claim path equal a rebuild from the events', async () => {
    const asNumbers = (r: object) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]),
      )
    const sorted = (rows: object[]) =>
      rows.map(asNumbers).sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1))
    const read = async () => {
      const days = await t.database.db.selectFrom('activity_days').selectAll().execute()
      // Which brand's row holds a wallet's first event of a day anywhere depends on the order the
      // events arrived in: the invariant is the day's sum.
      const networkUsers = new Map<number, number>()
      for (const d of days)
        networkUsers.set(Number(d.day), (networkUsers.get(Number(d.day)) ?? 0) + Number(d.network_users))
      return {
        days: sorted(days.map(({ network_users: _, ...d }) => d)),
        networkUsers: [...networkUsers.entries()].sort(([a], [b]) => a - b),
        wallets: sorted(await t.database.db.selectFrom('activity_wallets').selectAll().execute()),
        brandWallets: sorted(await t.database.db.selectFrom('activity_brand_wallets').selectAll().execute()),
      }
    }
    const kept = await read()
    expect(kept.days.length).toBeGreaterThan(40)
    await rebuildActivityRollups(t.database.db)
    expect(await read()).toEqual(kept)
  })

  it('12 concurrent claims of one wallet at one brand on one day: one user that day', async () => {
    const wallet = `0x${'f'.repeat(40)}`
    const at = NOW + 2 * DAY
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.storage.transaction((tx) =>
          tx.events.recordClaim(
            {
              ...(EVENTS[0] as RewardEvent),
              id: randomUUID(),
              walletAddress: wallet,
              brandId: BRANDS[2] as string,
              userKey: `c${i}`,
              createdAt: at + i,
            },
            null,
          ),
        ),
      ),
    )
    const day = { since: Math.floor(at / DAY) * DAY, until: Math.floor(at / DAY) * DAY + DAY }
    expect(await t.storage.analytics.dailyActivity({ ...day, brandId: BRANDS[2] })).toEqual([
      { day: Math.floor(at / DAY), events: 12, tokens: 12 * (EVENTS[0] as RewardEvent).rewardAmount, users: 1 },
    ])
    expect((await t.storage.analytics.dailyActivity(day))[0]?.users).toBe(1)
  })
})
