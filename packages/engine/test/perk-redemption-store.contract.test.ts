import { randomBytes } from 'node:crypto'
import type { Storage } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import type { PerkRedemption } from '../src/ports/perk-redemption-store'
import { testDatabases, useTestStorage } from './support/test-databases'

const redemption = (over: Partial<PerkRedemption> = {}): PerkRedemption => {
  const collectionId = String(1 + randomBytes(2).readUInt16BE())
  const tokenId = String(randomBytes(3).readUIntBE(0, 3))
  return {
    id: `${collectionId}:${tokenId}`,
    collectionId,
    tokenId,
    perkId: crypto.randomUUID(),
    brandId: `0x${randomBytes(20).toString('hex')}`,
    walletAddress: `0x${randomBytes(20).toString('hex')}`,
    userKey: 'email:ann@example.com',
    price: '50',
    newBalance: '50',
    transactionHash: `0x${randomBytes(32).toString('hex')}`,
    source: 'agent',
    agentKeyId: 'lak_000000000000000000000001',
    idempotencyScope: null,
    idempotencyKey: null,
    createdAt: 1_750_000_000_000,
    ...over,
  }
}

describe.each(testDatabases())('perk redemption storage contract on $dialect', (db) => {
  const t = useTestStorage(db)

  it('records a redemption once per claim and per idempotency key; finds it by either', async () => {
    const r = redemption({ idempotencyScope: 'agent:lak_1', idempotencyKey: 'order-1' })
    expect(await t.storage.perkRedemptions.record(r)).toBe(true)
    expect(await t.storage.perkRedemptions.findByClaim(r)).toEqual(r)
    expect(await t.storage.perkRedemptions.findByIdempotencyKey({ scope: 'agent:lak_1', key: 'order-1' })).toEqual(r)
    // The same claim again, or another claim under the same key: refused, nothing changes.
    expect(await t.storage.perkRedemptions.record({ ...r, price: '1' })).toBe(false)
    const other = redemption({ idempotencyScope: 'agent:lak_1', idempotencyKey: 'order-1' })
    expect(await t.storage.perkRedemptions.record(other)).toBe(false)
    expect(await t.storage.perkRedemptions.findByClaim(other)).toBeUndefined()
    // The same key in another scope, and any number of redemptions without a key, are fine.
    expect(await t.storage.perkRedemptions.record({ ...other, idempotencyScope: 'site:0xabc' })).toBe(true)
    expect(await t.storage.perkRedemptions.record(redemption())).toBe(true)
    expect(await t.storage.perkRedemptions.record(redemption())).toBe(true)
    expect(
      await t.storage.perkRedemptions.findByIdempotencyKey({ scope: 'agent:lak_2', key: 'order-1' }),
    ).toBeUndefined()
  })

  it('of concurrent writers of one idempotency key from two connections, exactly one records', async () => {
    const other: Storage = await t.database.connect()
    const rows = Array.from({ length: 20 }, () => redemption({ idempotencyScope: 'agent:lak_c', idempotencyKey: 'k' }))
    const results = await Promise.all(rows.map((r, i) => (i % 2 ? other : t.storage).perkRedemptions.record(r)))
    expect(results.filter(Boolean)).toHaveLength(1)
    const winner = rows[results.indexOf(true)] as PerkRedemption
    expect(await t.storage.perkRedemptions.findByIdempotencyKey({ scope: 'agent:lak_c', key: 'k' })).toEqual(winner)
  })

  it('records in the caller transaction: rolled back with it', async () => {
    const r = redemption()
    await expect(
      t.storage.transaction(async (tx) => {
        expect(await tx.perkRedemptions.record(r)).toBe(true)
        throw new Error('the redemption failed')
      }),
    ).rejects.toThrow('the redemption failed')
    expect(await t.storage.perkRedemptions.findByClaim(r)).toBeUndefined()
  })
})
