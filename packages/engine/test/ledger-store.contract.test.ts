import { randomUUID } from 'node:crypto'
import type { LedgerEntry, LedgerKind, Storage } from '@loyaltykit/engine'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { address, entry, hash, T0 } from './support/ledger-entry-fixture'
import { testDatabases, useTestStorage } from './support/test-databases'

// The reconciliation reads (wallet sums, unconfirmed entries): ledger-reconcile-store.contract.test.ts.
describe.each(testDatabases())('ledger storage contract on $dialect', (db) => {
  const t = useTestStorage(db)

  it('records an entry once per (source, kind, wallet), also under concurrency from two connections', async () => {
    const wallet = address()
    const e = entry({ wallet, brand: address(), amount: 25 })
    expect(await t.storage.ledger.record(e)).toBe(true)
    expect(await t.storage.ledger.get(e.id)).toEqual(e)
    // A retry of the same write (new id, same source) records nothing.
    expect(await t.storage.ledger.record({ ...e, id: randomUUID(), amount: 99 })).toBe(false)
    // Same source, other wallet or other kind: another entry.
    expect(await t.storage.ledger.record({ ...e, id: randomUUID(), walletAddress: address() })).toBe(true)
    expect(await t.storage.ledger.record({ ...e, id: randomUUID(), kind: 'transfer' })).toBe(true)

    const other: Storage = await t.database.connect()
    const raced = entry({ wallet, source: `race-${randomUUID()}` })
    // On PostgreSQL these run in parallel on two pools; SQLite serialises the single statements.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? other : t.storage).ledger.record({ ...raced, id: randomUUID() })),
    )
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await t.storage.ledger.listBySource({ sourceType: 'event', sourceId: raced.sourceId })).toHaveLength(1)

    const many = [entry({ wallet }), entry({ wallet }), { ...raced, id: randomUUID() }]
    expect(await t.storage.ledger.recordMany(many)).toBe(2)
    expect(await t.storage.ledger.recordMany(many)).toBe(0)
  })

  it('rolls back with the transaction that wrote it', async () => {
    const e = entry({ wallet: address() })
    await expect(
      t.storage.transaction(async (tx) => {
        await tx.ledger.record(e)
        throw new Error('operation failed')
      }),
    ).rejects.toThrow('operation failed')
    expect(await t.storage.ledger.get(e.id)).toBeUndefined()
  })

  it('settles a batch in one update: failed, then confirmed with each job its log index; confirmed stays', async () => {
    const wallet = address()
    const jobs = [randomUUID(), randomUUID(), randomUUID()]
    const entries = jobs.map((mintJobId) => entry({ wallet, mintJobId, status: 'pending' }))
    await t.storage.ledger.recordMany(entries)
    const batchId = hash()
    const reverted = hash()
    const failed = await t.storage.ledger.settleMintBatch({
      batchId,
      status: 'failed',
      txHash: reverted,
      blockNumber: 7,
      jobs: jobs.map((mintJobId) => ({ mintJobId, logIndex: null })),
      now: T0 + 1,
    })
    expect(failed).toBe(3)
    expect(await t.storage.ledger.listByMintJob(jobs[0] as string)).toMatchObject([
      { status: 'failed', txHash: reverted, blockNumber: 7, batchId, logIndex: null, confirmedAt: null },
    ])
    const minted = hash()
    const settle = () =>
      t.storage.ledger.settleMintBatch({
        batchId,
        status: 'confirmed',
        txHash: minted,
        blockNumber: 9,
        jobs: jobs.map((mintJobId, i) => ({ mintJobId, logIndex: 4 + i })),
        now: T0 + 2,
      })
    expect(await settle()).toBe(3)
    const settled = await t.storage.ledger.listByTxHash(minted)
    expect(settled.map((e) => [e.mintJobId, e.logIndex, e.status, e.blockNumber, e.confirmedAt])).toEqual(
      jobs.map((j, i) => [j, 4 + i, 'confirmed', 9, T0 + 2]),
    )
    // Confirmed entries never change again (a late "failed" or a second confirmation).
    expect(await settle()).toBe(0)
    expect(
      await t.storage.ledger.settleMintBatch({
        batchId,
        status: 'failed',
        txHash: hash(),
        blockNumber: 10,
        jobs: jobs.map((mintJobId) => ({ mintJobId, logIndex: null })),
        now: T0 + 3,
      }),
    ).toBe(0)
    expect((await t.storage.ledger.listByTxHash(minted)).every((e) => e.status === 'confirmed')).toBe(true)
  })

  it("pages a wallet's entries newest first, across brands or at one, by kind", async () => {
    const wallet = address()
    const [a, b] = [address(), address()]
    const all: LedgerEntry[] = []
    for (let i = 0; i < 24; i++) {
      // Three entries share each time: the id breaks the tie.
      const e = entry({
        wallet,
        brand: i % 2 ? a : b,
        at: T0 + Math.floor(i / 3),
        kind: i % 4 === 0 ? 'redemption' : 'reward',
      })
      all.push(e)
    }
    await t.storage.ledger.recordMany(all)
    await t.storage.ledger.record(entry({ wallet: address(), brand: a })) // someone else's
    const newestFirst = (xs: LedgerEntry[]) =>
      [...xs].sort((x, y) => y.createdAt - x.createdAt || (y.id < x.id ? -1 : y.id > x.id ? 1 : 0)).map((e) => e.id)

    const walk = async (p: { brandId?: string; kinds?: LedgerKind[] }) => {
      const ids: string[] = []
      let before: { createdAt: number; id: string } | undefined
      for (let pages = 0; pages < 10; pages++) {
        const page = await t.storage.ledger.listByWallet({
          walletAddress: wallet.toUpperCase().replace('0X', '0x'),
          ...p,
          before,
          limit: 5,
        })
        ids.push(...page.entries.map((e) => e.id))
        if (!page.next) break
        before = page.next
      }
      return ids
    }
    expect(await walk({})).toEqual(newestFirst(all))
    expect(await walk({ brandId: a })).toEqual(newestFirst(all.filter((e) => e.brandId === a)))
    expect(await walk({ brandId: b, kinds: ['redemption'] })).toEqual(
      newestFirst(all.filter((e) => e.brandId === b && e.kind === 'redemption')),
    )
  })

  it("pages a brand's entries by time window and kind", async () => {
    const brand = address()
    const all = Array.from({ length: 12 }, (_, i) =>
      entry({ wallet: address(), brand, at: T0 + i * 1000, kind: i % 3 === 0 ? 'purchase' : 'reward' }),
    )
    await t.storage.ledger.recordMany(all)
    const first = await t.storage.ledger.listByBrand({
      brandId: brand,
      kinds: ['reward'],
      since: T0 + 2000,
      until: T0 + 10_000,
      limit: 3,
    })
    const second = await t.storage.ledger.listByBrand({
      brandId: brand,
      kinds: ['reward'],
      since: T0 + 2000,
      until: T0 + 10_000,
      before: first.next ?? undefined,
      limit: 3,
    })
    const expected = all
      .filter((e) => e.kind === 'reward' && e.createdAt >= T0 + 2000 && e.createdAt < T0 + 10_000)
      .reverse()
      .map((e) => e.id)
    expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual(expected)
    expect(second.next).toBeNull()
  })

  it("sums a member's totals at a brand by kind, with first and last activity", async () => {
    const wallet = address()
    const brand = address()
    await t.storage.ledger.recordMany([
      entry({ wallet, brand, kind: 'reward', amount: 100, at: T0 + 5 }),
      entry({ wallet, brand, kind: 'reward', amount: 50, at: T0 + 9, status: 'pending', mintJobId: randomUUID() }),
      entry({ wallet, brand, kind: 'purchase', amount: 1000, at: T0 + 6 }),
      entry({ wallet, brand, kind: 'redemption', amount: -300, at: T0 + 7 }),
      entry({ wallet, brand, kind: 'clawback', amount: -200, at: T0 + 8 }),
      entry({ wallet, brand, kind: 'transfer', amount: 40, at: T0 + 3 }),
      entry({ wallet, brand, kind: 'transfer', amount: -15, at: T0 + 4 }),
      entry({ wallet, brand: address(), kind: 'reward', amount: 7, at: T0 }),
    ])
    expect(await t.storage.ledger.memberTotals({ walletAddress: wallet, brandId: brand })).toEqual({
      earned: 150,
      bought: 1000,
      granted: 0,
      redeemed: 300,
      clawedBack: 200,
      transferredIn: 40,
      transferredOut: 15,
      unconfirmed: 50,
      entries: 7,
      firstActivityAt: T0 + 3,
      lastActivityAt: T0 + 9,
    })
    expect(await t.storage.ledger.memberTotals({ walletAddress: address(), brandId: brand })).toMatchObject({
      earned: 0,
      entries: 0,
      firstActivityAt: null,
    })
  })

  it("answers the member read from the member index, not a scan (the planner's choice on a filled table)", async () => {
    if (db.dialect !== 'sqlite') return
    await sql`analyze`.execute(t.database.db)
    const plan = await sql<{ detail: string }>`explain query plan select * from ledger_entries
      where brand_id = ${'0xb'} and wallet_address = ${'0xa'} order by created_at desc, id desc limit 11`.execute(
      t.database.db,
    )
    expect(plan.rows.map((r) => r.detail).join(' ')).toContain('ledger_entries_member_idx')
  })
})
