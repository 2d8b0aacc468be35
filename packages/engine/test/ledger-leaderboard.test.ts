import { createTestContext } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { ledgerLeaderboard } from '../src/ledger/ledger-leaderboard'
import { siteLeaderboard } from '../src/site/site-leaderboard'
import { address, entry } from './support/ledger-entry-fixture'
import { codeOf, siteWorld } from './support/site-world'
import { testDatabases, useTestStorage } from './support/test-databases'

const DAY = 86_400_000
const NOW = Date.parse('2026-09-30T12:00:00Z')

describe.each(testDatabases())('leaderboard from the ledger on $dialect', (db) => {
  const t = useTestStorage(db)
  const brand = address()
  const [ann, bob, cid, dan, eve] = [address(), address(), address(), address(), address()]

  it('ranks tokens earned and rewarded actions in rolling windows, ties by who reached the value first', async () => {
    const ctx = createTestContext(t.storage, { clock: { now: () => NOW } })
    await t.storage.ledger.recordMany([
      // ann: 50 + 30 = 80, the last 2 days ago; bob: 80 in one entry 3 days ago (reached 80 first).
      entry({ wallet: ann, brand, amount: 50, at: NOW - 20 * DAY }),
      entry({ wallet: ann, brand, amount: 30, at: NOW - 2 * DAY }),
      entry({ wallet: bob, brand, amount: 80, at: NOW - 3 * DAY }),
      // cid: 200 forty days ago, and 5 + 5 today; dan: a failed mint and a redemption count for nothing.
      entry({ wallet: cid, brand, amount: 200, at: NOW - 40 * DAY }),
      entry({ wallet: cid, brand, amount: 5, at: NOW - 60_000 }),
      entry({ wallet: cid, brand, amount: 5, at: NOW - 30_000 }),
      entry({ wallet: dan, brand, amount: 999, at: NOW - DAY, status: 'failed' }),
      entry({ wallet: dan, brand, kind: 'redemption', amount: -50, at: NOW - DAY }),
      // eve earns at another brand only.
      entry({ wallet: eve, brand: address(), amount: 500, at: NOW - DAY }),
    ])
    const board = (p: {
      metric?: 'rsnc_earned' | 'activity'
      period?: 'day' | 'week' | 'month' | 'all'
      limit?: number
    }) => ledgerLeaderboard(ctx, { brandId: brand, ...p })
    const ranked = (b: Awaited<ReturnType<typeof board>>) => b.entries.map((e) => [e.rank, e.userIdentifier, e.value])
    const mask = (w: string) => `${w.slice(0, 6)}…${w.slice(-4)}`

    const all = await board({ period: 'all' })
    expect(ranked(all)).toEqual([
      [1, mask(cid), 210],
      [2, mask(bob), 80],
      [3, mask(ann), 80],
    ])
    expect(all).toMatchObject({ total: 3, metric: 'rsnc_earned', period: 'all', since: null })
    const week = await board({ period: 'week' })
    expect(ranked(week)).toEqual([
      [1, mask(bob), 80],
      [2, mask(ann), 30],
      [3, mask(cid), 10],
    ])
    expect(week.since).toBe(new Date(NOW - 7 * DAY).toISOString())
    expect(ranked(await board({ period: 'month' })).map((r) => r[2])).toEqual([80, 80, 10])
    expect(ranked(await board({ period: 'day' }))).toEqual([[1, mask(cid), 10]])
    // Activity: cid 3 actions (2 today), ann 2, bob 1.
    expect(ranked(await board({ metric: 'activity', period: 'all' }))).toEqual([
      [1, mask(cid), 3],
      [2, mask(ann), 2],
      [3, mask(bob), 1],
    ])
    const top1 = await board({ period: 'all', limit: 1 })
    expect(top1.entries).toHaveLength(1)
    expect(top1.total).toBe(3)
    // The agent API's spellings of the periods.
    expect(ranked(await ledgerLeaderboard(ctx, { brandId: brand, period: 'weekly' }))).toEqual(ranked(week))
    expect(ranked(await ledgerLeaderboard(ctx, { brandId: brand, period: 'all_time' }))).toEqual(ranked(all))
    expect(await codeOf(board({ limit: 101 }))).toBe('VALIDATION_FAILED')
  })

  it('names site users by their display name and ranks live streaks', async () => {
    const w = await siteWorld(t.storage, '2026-06-01T09:00:00Z')
    const [a, b, c] = [w.newUser(), w.newUser(), w.newUser()]
    // a: 3 days; b: 3 days reached later; c: 1 day, then broken (no freeze).
    await w.checkIn(c, '2026-05-20T08:00:00Z')
    for (const day of ['01', '02', '03']) {
      await w.checkIn(a, `2026-06-${day}T08:00:00Z`)
      await w.checkIn(b, `2026-06-${day}T09:00:00Z`)
    }
    const streaks = await siteLeaderboard(w.ctx, { metric: 'streak' }, { apiKey: w.apiKey })
    expect(streaks.leaderboard.map((e) => [e.rank, e.username, e.value])).toEqual([
      [1, a.displayName, 3],
      [2, b.displayName, 3],
    ])
    expect(streaks).toMatchObject({ success: true, metric: 'streak', period: 'week', total: 2 })
    const earned = await siteLeaderboard(w.ctx, {}, { apiKey: w.apiKey })
    expect(earned.leaderboard.map((e) => [e.username, e.value])).toEqual([
      [a.displayName, 30],
      [b.displayName, 30],
    ])
    expect(earned.total).toBe(2)
    expect((await siteLeaderboard(w.ctx, { period: 'all' }, { apiKey: w.apiKey })).total).toBe(3)
    expect(await codeOf(siteLeaderboard(w.ctx, { metric: 'nope' as 'streak' }, { apiKey: w.apiKey }))).toBe(
      'VALIDATION_FAILED',
    )
  })
})
