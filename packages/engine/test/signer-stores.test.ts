import { randomBytes } from 'node:crypto'
import { isLoyaltyError } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { secondConnection } from './support/second-connection'
import { testDatabases, useTestStorage } from './support/test-databases'

const address = () => `0x${randomBytes(20).toString('hex')}`

describe.each(testDatabases())('signer stores (nonces, leases, chain journal) on $dialect', (db) => {
  const t = useTestStorage(db)

  describe('nonces', () => {
    it('reserves unique nonces under concurrency, reuses released ones, and only moves forward on resync', async () => {
      const scope = { chainId: 5, address: address() }
      await t.storage.nonces.resync({ ...scope, chainNonce: 10 })
      const other = await secondConnection(t)
      const reserved = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? other : t.storage).transaction((tx) => tx.nonces.reserve(scope))),
      )
      expect([...reserved].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 10 + i))

      await t.storage.nonces.release({ ...scope, nonce: 17 })
      await t.storage.nonces.release({ ...scope, nonce: 12 })
      await t.storage.nonces.release({ ...scope, nonce: 99 }) // never reserved: ignored
      expect(await t.storage.nonces.peek(scope)).toEqual({ next: 30, released: [12, 17] })
      expect(await t.storage.nonces.reserve(scope)).toBe(12)

      // A rollback un-reserves.
      await t.storage
        .transaction(async (tx) => {
          expect(await tx.nonces.reserve(scope)).toBe(17)
          throw new Error('signing failed')
        })
        .catch(() => undefined)
      expect(await t.storage.nonces.reserve(scope)).toBe(17)
      expect(await t.storage.nonces.reserve(scope)).toBe(30)

      await t.storage.nonces.release({ ...scope, nonce: 30 })
      expect(await t.storage.nonces.resync({ ...scope, chainNonce: 25 })).toEqual({ next: 31 })
      expect((await t.storage.nonces.peek(scope)).released).toEqual([30])
      expect(await t.storage.nonces.resync({ ...scope, chainNonce: 40 })).toEqual({ next: 40 })
      expect(await t.storage.nonces.peek(scope)).toEqual({ next: 40, released: [] })
    })
  })

  describe('nonces for groups', () => {
    it('reserves many at once: released ones first, then fresh ones; concurrent groups never share one', async () => {
      const scope = { chainId: 6, address: address() }
      await t.storage.nonces.resync({ ...scope, chainNonce: 100 })
      expect(await t.storage.nonces.reserveMany({ ...scope, count: 5 })).toEqual([100, 101, 102, 103, 104])
      await t.storage.nonces.release({ ...scope, nonce: 103 })
      await t.storage.nonces.release({ ...scope, nonce: 101 })
      expect(await t.storage.nonces.reserveMany({ ...scope, count: 4 })).toEqual([101, 103, 105, 106])
      expect(await t.storage.nonces.peek(scope)).toEqual({ next: 107, released: [] })

      // A rollback un-reserves the whole group.
      await t.storage.nonces.release({ ...scope, nonce: 102 })
      await t.storage
        .transaction(async (tx) => {
          expect(await tx.nonces.reserveMany({ ...scope, count: 3 })).toEqual([102, 107, 108])
          throw new Error('signing failed')
        })
        .catch(() => undefined)
      expect(await t.storage.nonces.peek(scope)).toEqual({ next: 107, released: [102] })

      const other = await secondConnection(t)
      const groups = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? other : t.storage).transaction((tx) => tx.nonces.reserveMany({ ...scope, count: 4 })),
        ),
      )
      const all = groups.flat().sort((a, b) => a - b)
      expect(all).toEqual([102, ...Array.from({ length: 47 }, (_, i) => 107 + i)])
      for (const g of groups) expect(g).toEqual([...g].sort((a, b) => a - b))
    })
  })

  describe('leases', () => {
    it('of concurrent acquirers exactly one holds the lease; an expired lease is taken over with a new fence', async () => {
      const other = await secondConnection(t)
      const name = `lease-${randomBytes(4).toString('hex')}`
      const results = await Promise.all(
        ['a', 'b', 'c', 'd'].map((holder, i) =>
          (i % 2 ? other : t.storage).leases.acquire({ name, holder, ttlMs: 1000, now: 1000 }),
        ),
      )
      const winners = results.filter((r) => r.acquired)
      expect(winners).toHaveLength(1)
      const winner = winners[0]!
      if (!winner.acquired) throw new Error('unreachable')
      const holder = (await t.storage.leases.get(name))!.holder

      // The holder re-acquiring keeps its fence; others wait for the expiry.
      expect(await t.storage.leases.acquire({ name, holder, ttlMs: 1000, now: 1500 })).toEqual({
        acquired: true,
        fence: winner.fence,
        expiresAt: 2500,
      })
      expect(await t.storage.leases.acquire({ name, holder: 'z', ttlMs: 1000, now: 2000 })).toMatchObject({
        acquired: false,
        holder,
      })
      // Expired but not taken over: the holder may still renew (its fence is current).
      expect(await t.storage.leases.renew({ name, holder, fence: winner.fence, ttlMs: 1000, now: 2600 })).toBe(true)
      const taken = await t.storage.leases.acquire({ name, holder: 'z', ttlMs: 1000, now: 3700 })
      expect(taken).toMatchObject({ acquired: true, fence: winner.fence + 1 })
      expect(await t.storage.leases.renew({ name, holder, fence: winner.fence, ttlMs: 1000, now: 3800 })).toBe(false)

      // Release lets the next one in at once.
      await t.storage.leases.release({ name, holder: 'z', fence: winner.fence + 1 })
      expect(await t.storage.leases.acquire({ name, holder: 'y', ttlMs: 1000, now: 3900 })).toMatchObject({
        acquired: true,
        fence: winner.fence + 2,
      })
    })

    it('a write fenced by renew() is rolled back once the lease was taken over', async () => {
      const name = `fenced-${randomBytes(4).toString('hex')}`
      const mine = await t.storage.leases.acquire({ name, holder: 'old', ttlMs: 100, now: 0 })
      if (!mine.acquired) throw new Error('expected the lease')
      await t.storage.leases.acquire({ name, holder: 'new', ttlMs: 100, now: 500 })
      const key = `fenced-write-${randomBytes(4).toString('hex')}`
      await t.storage
        .transaction(async (tx) => {
          await tx.settings.set(key, 'written by the old holder')
          if (!(await tx.leases.renew({ name, holder: 'old', fence: mine.fence, ttlMs: 100, now: 600 }))) {
            throw new Error('lease lost')
          }
        })
        .catch(() => undefined)
      expect(await t.storage.settings.get(key)).toBeUndefined()
    })
  })

  describe('chain journal', () => {
    it('appends in order, lists pages and refuses a second writer of the same seq', async () => {
      const chainKey = `embedded:${randomBytes(3).toString('hex')}`
      const entry = (seq: number) => ({
        chainKey,
        seq,
        method: 'eth_sendRawTransaction',
        params: JSON.stringify([`0x${seq}`]),
        txHash: `0x${seq}`,
        blockNumber: seq,
        blockTimestamp: 1_700_000_000 + seq,
        stateRoot: '0x00',
        createdAt: seq,
      })
      for (let seq = 1; seq <= 5; seq++) await t.storage.chainJournal.append(entry(seq))
      const error = await t.storage.chainJournal.append(entry(3)).catch((e: unknown) => e)
      expect(isLoyaltyError(error) && error.code).toBe('CHAIN_JOURNAL_CONFLICT')
      expect((await t.storage.chainJournal.list({ chainKey, afterSeq: 1, limit: 3 })).map((e) => e.seq)).toEqual([
        2, 3, 4,
      ])
      expect(await t.storage.chainJournal.last(chainKey)).toEqual(entry(5))
      expect(await t.storage.chainJournal.count(chainKey)).toBe(5)
    })
  })
})
