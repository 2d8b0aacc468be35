import { randomUUID } from 'node:crypto'
import type { LedgerEntry, Storage } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { rebuildActivityRollups } from '../src/storage-kysely/rebuild-activity-rollups'
import { address, entry, hash, T0 } from './support/ledger-entry-fixture'
import { secondConnection } from './support/second-connection'
import { testDatabases, useTestStorage } from './support/test-databases'

const BRANDS = [address(), address()] as [string, string]
const WALLETS = Array.from({ length: 6 }, () => address())
const pick = <T>(xs: readonly T[], i: number) => xs[i % xs.length] as T
/** Entries are spread over 500 steps of 2 hours (about six weeks), out of time order. */
const STEP = 7_200_000

/** A reward (or, one in five, a redemption) of wallet i at brand i, pending under its own mint job. */
const write = (i: number): LedgerEntry =>
  entry({
    wallet: pick(WALLETS, i * 7),
    brand: pick(BRANDS, i),
    kind: i % 5 === 4 ? 'redemption' : 'reward',
    amount: i % 5 === 4 ? -3 : 1 + (i % 13),
    at: T0 + ((i * 7919) % 500) * STEP,
    mintJobId: randomUUID(),
    status: 'pending',
  })

/**
 * The leaderboard standings (0024-leaderboard-standings) kept where the ledger is written: after
 * concurrent writes from two connections (two processes on PostgreSQL), a mint batch that failed
 * while others wrote, and its later confirmation, the all-time board read from the standings equals
 * the board aggregated from the entries (the window read with since 0), and the rows equal a rebuild.
 */
describe.each(testDatabases())('leaderboard standings on $dialect', (db) => {
  const t = useTestStorage(db)
  /** The board counted from the entries themselves. */
  const fromScratch = async (brandId: string, metric: 'earned' | 'actions', since: number) => {
    const scope = t.database.db
      .selectFrom('ledger_entries')
      .where('brand_id', '=', brandId)
      .where('kind', '=', 'reward')
      .where('status', '<>', 'failed')
      .where('created_at', '>=', since)
    const rows = await scope
      .select((eb) => [
        'wallet_address',
        (metric === 'earned' ? eb.fn.sum('amount') : eb.fn.countAll()).as('value'),
        eb.fn.max('created_at').as('reached'),
      ])
      .groupBy('wallet_address')
      .execute()
    return {
      rows: rows
        .map((r) => ({ walletAddress: r.wallet_address, value: Number(r.value), reachedAt: Number(r.reached) }))
        .sort((a, b) => b.value - a.value || a.reachedAt - b.reachedAt || (a.walletAddress < b.walletAddress ? -1 : 1)),
      total: rows.length,
    }
  }
  const expectBoards = async (brandId: string, sinces: (number | undefined)[]) => {
    for (const since of sinces)
      for (const metric of ['earned', 'actions'] as const) {
        const expected = await fromScratch(brandId, metric, since ?? 0)
        expect(await t.storage.ledger.leaderboard({ brandId, metric, since, limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 5])
          expect(await t.storage.ledger.leaderboard({ brandId, metric, since, limit })).toEqual({
            rows: expected.rows.slice(0, limit),
            total: expected.total,
          })
      }
  }
  const expectExact = async () => {
    expect((await fromScratch(BRANDS[0], 'earned', 0)).total).toBeGreaterThan(0)
    for (const brandId of BRANDS)
      await expectBoards(brandId, [undefined, ...[100, 300, 400, 420, 470, 499].map((k) => T0 + k * STEP)])
    const rows = async () =>
      (await t.database.db.selectFrom('leaderboard_standings').selectAll().execute())
        .map((r) => JSON.stringify(Object.values(r).map(String)))
        .sort()
    const kept = await rows()
    await rebuildActivityRollups(t.database.db)
    expect(await rows()).toEqual(kept)
  }
  const batch = (entries: LedgerEntry[], status: 'failed' | 'confirmed', s: Storage = t.storage) =>
    s.transaction((tx) =>
      tx.ledger.settleMintBatch({
        batchId: hash(),
        status,
        txHash: hash(),
        blockNumber: 5,
        jobs: entries.map((e) => ({ mintJobId: e.mintJobId as string, logIndex: status === 'confirmed' ? 0 : null })),
        now: T0 + 600 * STEP,
      }),
    )
  const first = Array.from({ length: 60 }, (_, i) => write(i))

  it('records entries one by one and in batches, retries counted once', async () => {
    await t.storage.ledger.recordMany(first.slice(0, 40))
    for (const e of first.slice(40)) expect(await t.storage.ledger.record(e)).toBe(true)
    // Retries (same source, new id) and a failed entry change nothing.
    expect(await t.storage.ledger.recordMany(first.slice(0, 10).map((e) => ({ ...e, id: randomUUID() })))).toBe(0)
    expect(await t.storage.ledger.record({ ...(first[3] as LedgerEntry), id: randomUUID() })).toBe(false)
    await t.storage.ledger.record(entry({ wallet: pick(WALLETS, 0), brand: BRANDS[0], amount: 500, status: 'failed' }))
    await expectExact()
  })

  it('a batch fails while two connections write to the same wallets, then confirms', async () => {
    const other = await secondConnection(t)
    const failing = first.filter((_, i) => i % 3 === 0)
    const more = Array.from({ length: 60 }, (_, i) => write(100 + i))
    await Promise.all([
      batch(failing, 'failed', other),
      ...more.map((e, i) => (i % 2 ? other : t.storage).transaction((tx) => tx.ledger.record(e))),
      batch(
        first.filter((_, i) => i % 3 === 1),
        'confirmed',
      ),
    ])
    await expectExact()
    // The failed entries' mints succeed on a retry: they count again; a late failure changes nothing.
    await Promise.all([
      batch(failing, 'confirmed'),
      ...Array.from({ length: 20 }, (_, i) => other.transaction((tx) => tx.ledger.record(write(200 + i)))),
    ])
    expect(await batch(failing, 'failed')).toBe(0)
    await expectExact()
  })

  it('a window where the all-time leaders are idle: the candidates grow until no other wallet can rank', async () => {
    const brand = address()
    const whales = Array.from({ length: 60 }, () => address())
    const newcomer = address()
    await t.storage.ledger.recordMany([
      ...whales.flatMap((wallet, i) => [
        entry({ wallet, brand, amount: 100 + i, at: T0 }),
        entry({ wallet, brand, amount: 1, at: T0 + 10_000 + i }),
      ]),
      entry({ wallet: newcomer, brand, amount: 5, at: T0 + 20_000 }),
    ])
    await expectBoards(brand, [undefined, T0 + 5_000, T0 + 10_030, T0 + 20_000, T0 + 20_001])
    const week = await t.storage.ledger.leaderboard({ brandId: brand, metric: 'earned', since: T0 + 5_000, limit: 1 })
    expect(week).toEqual({ rows: [{ walletAddress: newcomer, value: 5, reachedAt: T0 + 20_000 }], total: 61 })
  })

  it('a wallet whose every entry failed leaves the board', async () => {
    const wallet = address()
    const lone = [entry({ wallet, brand: BRANDS[1], amount: 9, mintJobId: randomUUID(), status: 'pending' })]
    await t.storage.ledger.recordMany(lone)
    const before = await t.storage.ledger.leaderboard({ brandId: BRANDS[1], metric: 'earned', limit: 100 })
    expect(before.rows.map((r) => r.walletAddress)).toContain(wallet)
    await batch(lone, 'failed')
    const after = await t.storage.ledger.leaderboard({ brandId: BRANDS[1], metric: 'earned', limit: 100 })
    expect(after.total).toBe(before.total - 1)
    expect(after.rows.map((r) => r.walletAddress)).not.toContain(wallet)
    await expectExact()
  })
})
