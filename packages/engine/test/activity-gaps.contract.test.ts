import { randomUUID } from 'node:crypto'
import type { RewardEvent, Storage } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { rebuildActivityRollups } from '../src/storage-kysely/rebuild-activity-rollups'
import { secondConnection } from './support/second-connection'
import { testDatabases, useTestStorage } from './support/test-databases'

const DAY = 86_400_000
const NOW = 20_200 * DAY + 9 * 3_600_000
const BRANDS = ['0xb1', '0xb2'].map((p) => p.padEnd(42, '0'))
const WALLETS = Array.from({ length: 16 }, (_, i) => `0x${(i + 0x100).toString(16).padStart(40, '0')}`)

/** Deterministic: events of 16 wallets over the 80 days before NOW, sparse for some (gaps of weeks). */
function events(seed: number, n: number): RewardEvent[] {
  let s = seed
  const rand = (k: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648
    return Math.floor((s / 2_147_483_648) * k)
  }
  return Array.from({ length: n }, () => {
    const wallet = WALLETS[rand(WALLETS.length)] as string
    return {
      id: randomUUID(),
      brandId: BRANDS[rand(2)] as string,
      eventType: 'purchase',
      userKey: wallet,
      userEmail: `${wallet.slice(-6)}@example.com`,
      walletAddress: wallet,
      rewardAmount: 1 + rand(9),
      source: null,
      domain: null,
      channelId: null,
      metadata: null,
      mintJobId: null,
      transactionHash: null,
      // Sparse wallets (the first half) land on a few days only, far apart.
      createdAt: NOW - (WALLETS.indexOf(wallet) < 8 ? rand(8) * 10 * DAY + rand(DAY) : rand(80 * DAY)),
    }
  })
}

/**
 * `activity_gaps` (0026-activity-gaps): active users of network-wide windows of the past (the
 * previous period of a growth figure), read from the wallets' first/last events and their gaps of
 * 7 days or more, equal the distinct wallets counted from the events, for events recorded out of
 * time order and concurrently from two connections; the gaps kept equal a rebuild.
 */
describe.each(testDatabases())('activity gaps on $dialect', (db) => {
  const t = useTestStorage(db)
  const recorded: RewardEvent[] = []
  const record = async (s: Storage, es: RewardEvent[]) => {
    await Promise.all(es.map((e) => s.transaction((tx) => tx.events.recordClaim(e, null))))
    recorded.push(...es)
  }
  const expectExact = async () => {
    // Windows of the past: 7 to 30 days long, ending 1 to 60 days before now.
    for (const length of [7, 10, 30])
      for (const endsBefore of [1, 5.5, 13, 30, 60]) {
        const until = NOW - endsBefore * DAY
        const w = { since: until - length * DAY, until }
        const users = new Set(
          recorded.filter((e) => e.createdAt >= w.since && e.createdAt < w.until).map((e) => e.walletAddress),
        ).size
        expect((await t.storage.analytics.activityTotals(w)).users, JSON.stringify({ length, endsBefore })).toBe(users)
      }
    const gaps = async () =>
      (
        await t.database.db
          .selectFrom('activity_gaps')
          .selectAll()
          .orderBy('wallet_address')
          .orderBy('gap_start')
          .execute()
      ).map((g) => [g.wallet_address, Number(g.gap_start), Number(g.gap_end)])
    const kept = await gaps()
    expect(kept.length).toBeGreaterThan(10)
    await rebuildActivityRollups(t.database.db)
    expect(await gaps()).toEqual(kept)
  }

  it('events out of time order, then more from two connections at once', async () => {
    await record(t.storage, events(3, 120))
    await expectExact()
    const other = await secondConnection(t)
    const more = events(11, 80)
    await Promise.all([record(t.storage, more.slice(0, 40)), record(other, more.slice(40))])
    await expectExact()
  })
})
