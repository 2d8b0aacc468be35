import { randomBytes } from 'node:crypto'
import type { Storage } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { testDatabases, useTestStorage } from './support/test-databases'

const code = () => `LK-${randomBytes(4).toString('hex').toUpperCase()}`
const claim = () => ({
  collectionId: String(1 + randomBytes(2).readUInt16BE()),
  tokenId: String(randomBytes(3).readUIntBE(0, 3)),
})

describe.each(testDatabases())('redemption code storage contract on $dialect', (db) => {
  const t = useTestStorage(db)

  it('records a code once, finds it by code and by claim; a claim has one code, a code one claim', async () => {
    const c = { code: code(), ...claim(), createdAt: 1_750_000_000_000 }
    expect(await t.storage.redemptionCodes.find(c.code)).toBeUndefined()
    expect(await t.storage.redemptionCodes.record(c)).toBe(true)
    expect(await t.storage.redemptionCodes.find(c.code)).toEqual(c)
    expect(await t.storage.redemptionCodes.findByClaim({ collectionId: c.collectionId, tokenId: c.tokenId })).toEqual(c)
    // The same code for another claim, or another code for the same claim: refused, nothing changes.
    expect(await t.storage.redemptionCodes.record({ ...c, ...claim() })).toBe(false)
    expect(await t.storage.redemptionCodes.record({ ...c, code: code() })).toBe(false)
    expect(
      await t.storage.redemptionCodes.findByClaim({ collectionId: c.collectionId, tokenId: 'other' }),
    ).toBeUndefined()
    expect(await t.storage.redemptionCodes.find(c.code)).toEqual(c)
  })

  it('of concurrent writers of one claim from two connections, exactly one records its code', async () => {
    const other: Storage = await t.database.connect()
    const target = claim()
    const codes = Array.from({ length: 20 }, code)
    const results = await Promise.all(
      codes.map((c, i) => (i % 2 ? other : t.storage).redemptionCodes.record({ code: c, ...target, createdAt: i })),
    )
    expect(results.filter(Boolean)).toHaveLength(1)
    const winner = codes[results.indexOf(true)] as string
    expect(await t.storage.redemptionCodes.findByClaim(target)).toMatchObject({ code: winner })
  })

  it('records the code in the caller transaction: rolled back with it', async () => {
    const c = { code: code(), ...claim(), createdAt: 1 }
    await expect(
      t.storage.transaction(async (tx) => {
        expect(await tx.redemptionCodes.record(c)).toBe(true)
        throw new Error('the redemption failed')
      }),
    ).rejects.toThrow('the redemption failed')
    expect(await t.storage.redemptionCodes.find(c.code)).toBeUndefined()
  })
})
