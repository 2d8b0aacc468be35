import { randomBytes } from 'node:crypto'
import type { PerkRecord, RelayTxRecord } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { testDatabases, useTestStorage } from './support/test-databases'

const address = () => `0x${randomBytes(20).toString('hex')}`
const hash = () => `0x${randomBytes(32).toString('hex')}`
const txRecord = (overrides: Partial<RelayTxRecord> = {}): RelayTxRecord => ({
  txHash: hash(),
  chainId: 31337,
  signer: address(),
  nonce: 0,
  raw: '0x02f8',
  kind: 'call',
  to: address(),
  functionName: 'claimFor',
  userAddress: address(),
  brandId: address(),
  gasLimit: '120000',
  maxFeePerGas: '2000000000',
  maxPriorityFeePerGas: '1000000000',
  status: 'signed',
  gasUsed: null,
  effectiveGasPrice: null,
  blockNumber: null,
  error: null,
  createdAt: 1_750_000_000_000,
  updatedAt: 1_750_000_000_000,
  ...overrides,
})

describe.each(testDatabases())('relay storage contract on $dialect', (db) => {
  const t = useTestStorage(db)

  describe('relayer transactions', () => {
    it('records, lists unsettled by nonce, marks sent and settles once', async () => {
      const signer = address()
      const a = txRecord({ signer, nonce: 7 })
      const b = txRecord({ signer, nonce: 6 })
      const c = txRecord({ signer, nonce: 8 })
      await t.storage.relay.recordTransactions([a, b, c])
      expect(await t.storage.relay.getTransaction(a.txHash)).toEqual(a)
      await t.storage.relay.markSent({ txHashes: [b.txHash], now: 5 })
      await t.storage.relay.dropTransaction({ txHash: c.txHash, error: 'refused', now: 6 })
      const open = await t.storage.relay.listUnsettled({
        chainId: 31337,
        signer: signer.toUpperCase().replace('0X', '0x'),
      })
      expect(open.map((r) => [r.nonce, r.status])).toEqual([
        [6, 'sent'],
        [7, 'signed'],
      ])
      const settle = () =>
        t.storage.relay.settleTransaction({
          txHash: a.txHash,
          status: 'confirmed',
          gasUsed: '90000',
          effectiveGasPrice: '1500000000',
          blockNumber: 12,
          now: 9,
        })
      const results = await Promise.all([settle(), settle(), settle()])
      expect(results.filter(Boolean)).toHaveLength(1)
      expect(await t.storage.relay.getTransaction(a.txHash)).toMatchObject({
        status: 'confirmed',
        gasUsed: '90000',
        blockNumber: 12,
      })
      expect((await t.storage.relay.getTransaction(c.txHash))?.status).toBe('dropped')
      // A settled transaction is never dropped afterwards.
      await t.storage.relay.dropTransaction({ txHash: a.txHash, error: 'late', now: 10 })
      expect((await t.storage.relay.getTransaction(a.txHash))?.status).toBe('confirmed')
    })

    it('stores a dropped transaction signed again identically; refuses a live duplicate', async () => {
      const signer = address()
      const a = txRecord({ signer, nonce: 3 })
      await t.storage.relay.recordTransactions([a])
      await t.storage.relay.dropTransaction({ txHash: a.txHash, error: 'nonce too high', now: 2 })
      const again = { ...a, brandId: address(), createdAt: 3, updatedAt: 3 }
      await t.storage.relay.recordTransactions([again])
      expect(await t.storage.relay.getTransaction(a.txHash)).toEqual(again)
      const other = txRecord({ signer, nonce: 4 })
      await expect(t.storage.relay.recordTransactions([other, again])).rejects.toThrow(/already stored/)
      expect(await t.storage.relay.getTransaction(other.txHash)).toBeUndefined()
    })

    it('adds gas usage per subject and day atomically', async () => {
      const user = { kind: 'user' as const, id: address() }
      await Promise.all(
        Array.from({ length: 20 }, () =>
          t.storage.relay.addGasUsage({ subject: user, day: '2026-01-02', gasUsed: 50_000, transactions: 1 }),
        ),
      )
      expect(await t.storage.relay.getGasUsage({ subject: user, day: '2026-01-02' })).toEqual({
        gasUsed: 1_000_000,
        transactions: 20,
      })
      expect(await t.storage.relay.getGasUsage({ subject: user, day: '2026-01-03' })).toEqual({
        gasUsed: 0,
        transactions: 0,
      })
      expect(await t.storage.relay.getGasUsage({ subject: { kind: 'brand', id: user.id }, day: '2026-01-02' })).toEqual(
        {
          gasUsed: 0,
          transactions: 0,
        },
      )
    })
  })

  describe('perks', () => {
    it('creates, gets and lists perks of a brand', async () => {
      const brandId = address()
      const perk = (collectionId: number, createdAt: number): PerkRecord => ({
        id: crypto.randomUUID(),
        collectionId,
        brandId,
        name: `Perk ${collectionId}`,
        description: null,
        category: 'dining',
        price: '25',
        maxSupply: 0,
        maxPerUser: 2,
        charges: 3,
        transactionHash: hash(),
        blockNumber: 40,
        createdAt,
        isActive: true,
        tags: [],
        discountCode: null,
        updatedAt: createdAt,
      })
      const base = Math.floor(Math.random() * 1e9)
      const a = perk(base + 2, 2)
      const b = perk(base + 1, 1)
      await t.storage.perks.create(a)
      await t.storage.perks.create(b)
      expect(await t.storage.perks.get(a.id)).toEqual(a)
      expect(await t.storage.perks.getByCollectionId(b.collectionId)).toEqual(b)
      expect(await t.storage.perks.listForBrand(brandId)).toEqual([b, a])
      await expect(t.storage.perks.create({ ...perk(a.collectionId, 3) })).rejects.toThrow()
    })
  })
})
