import { randomBytes } from 'node:crypto'
import type { Storage } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import type { PendingRedemption } from '../src/ports/pending-redemption-store'
import { testDatabases, useTestStorage } from './support/test-databases'

const pending = (over: Partial<PendingRedemption> = {}): PendingRedemption => ({
  id: crypto.randomUUID(),
  perkId: crypto.randomUUID(),
  brandId: `0x${randomBytes(20).toString('hex')}`,
  collectionId: '3',
  walletAddress: `0x${randomBytes(20).toString('hex')}`,
  userKey: 'email:ann@example.com',
  source: 'site',
  agentKeyId: null,
  idempotencyScope: null,
  idempotencyKey: null,
  state: 'pending',
  chainId: null,
  signer: null,
  nonce: null,
  transactionHash: null,
  redemptionId: null,
  error: null,
  createdAt: 1_750_000_000_000,
  updatedAt: 1_750_000_000_000,
  ...over,
})

const claim = (nonce: number) => ({
  chainId: 31337,
  signer: `0x${'ab'.repeat(20)}`,
  nonce,
  transactionHash: `0x${randomBytes(32).toString('hex')}`,
  now: 1_750_000_000_500,
})

describe.each(testDatabases())('pending redemption storage contract on $dialect', (db) => {
  const t = useTestStorage(db)

  it('holds an idempotency key in one redemption not failed; failing it frees the key', async () => {
    const keyed = { idempotencyScope: 'site:0xabc', idempotencyKey: 'order-1' }
    const first = pending(keyed)
    expect(await t.storage.pendingRedemptions.open(first)).toBe(true)
    expect(await t.storage.pendingRedemptions.open(pending(keyed))).toBe(false)
    expect(await t.storage.pendingRedemptions.findByIdempotencyKey({ scope: 'site:0xabc', key: 'order-1' })).toEqual(
      first,
    )
    // Another scope, and any number without a key, are fine.
    expect(await t.storage.pendingRedemptions.open(pending({ ...keyed, idempotencyScope: 'agent:lak_1' }))).toBe(true)
    expect(await t.storage.pendingRedemptions.open(pending())).toBe(true)
    expect(await t.storage.pendingRedemptions.open(pending())).toBe(true)

    expect(await t.storage.pendingRedemptions.fail({ id: first.id, error: 'never signed', now: 2 })).toBe(true)
    expect(await t.storage.pendingRedemptions.get(first.id)).toMatchObject({ state: 'failed', error: 'never signed' })
    expect(
      await t.storage.pendingRedemptions.findByIdempotencyKey({ scope: 'site:0xabc', key: 'order-1' }),
    ).toBeUndefined()
    const second = pending(keyed)
    expect(await t.storage.pendingRedemptions.open(second)).toBe(true)
    expect(await t.storage.pendingRedemptions.findByIdempotencyKey({ scope: 'site:0xabc', key: 'order-1' })).toEqual(
      second,
    )
  })

  it('attaches a claim and settles only from pending: confirmed or failed once', async () => {
    const r = pending()
    await t.storage.pendingRedemptions.open(r)
    const signed = claim(7)
    expect(await t.storage.pendingRedemptions.attachTransaction({ id: r.id, ...signed })).toBe(true)
    const resigned = claim(9)
    expect(await t.storage.pendingRedemptions.attachTransaction({ id: r.id, ...resigned })).toBe(true)
    expect(await t.storage.pendingRedemptions.get(r.id)).toMatchObject({
      chainId: 31337,
      nonce: 9,
      transactionHash: resigned.transactionHash,
    })
    expect(await t.storage.pendingRedemptions.confirm({ id: r.id, redemptionId: '3:1', now: 3 })).toBe(true)
    expect(await t.storage.pendingRedemptions.confirm({ id: r.id, redemptionId: '3:2', now: 4 })).toBe(false)
    expect(await t.storage.pendingRedemptions.fail({ id: r.id, error: 'x', now: 4 })).toBe(false)
    expect(await t.storage.pendingRedemptions.attachTransaction({ id: r.id, ...claim(10) })).toBe(false)
    expect(await t.storage.pendingRedemptions.get(r.id)).toMatchObject({
      state: 'confirmed',
      redemptionId: '3:1',
      nonce: 9,
    })
  })

  it('lists the pending ones created before a time, oldest first', async () => {
    const old = pending({ createdAt: 1_000 })
    const older = pending({ createdAt: 500 })
    const late = pending({ createdAt: 9_000 })
    for (const r of [old, older, late]) await t.storage.pendingRedemptions.open(r)
    await t.storage.pendingRedemptions.fail({ id: old.id, error: 'x', now: 1 })
    const listed = await t.storage.pendingRedemptions.listPending({ createdBefore: 5_000, limit: 10 })
    expect(listed.map((r) => r.id)).toEqual([older.id])
  })

  it('of concurrent settlements of one redemption from two connections, exactly one wins', async () => {
    const other: Storage = await t.database.connect()
    const r = pending()
    await t.storage.pendingRedemptions.open(r)
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const store = (i % 2 ? other : t.storage).pendingRedemptions
        return i % 3 === 0
          ? store.fail({ id: r.id, error: `f${i}`, now: i })
          : store.confirm({ id: r.id, redemptionId: `3:${i}`, now: i })
      }),
    )
    expect(results.filter(Boolean)).toHaveLength(1)
  })

  it('finds every stored relayer attempt at one nonce', async () => {
    expect(await t.storage.relay.listByNonce({ chainId: 31337, signer: `0x${'cd'.repeat(20)}`, nonce: 4 })).toEqual([])
  })
})
