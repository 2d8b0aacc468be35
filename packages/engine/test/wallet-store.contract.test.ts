// The storage contract (SQLite and PostgreSQL): custodial wallets, one per owner, under concurrency.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { address, wallet } from './support/storage-rows'
import { testDatabases, useTestStorage } from './support/test-databases'

describe.each(testDatabases())('storage contract on $dialect', (db) => {
  const t = useTestStorage(db)

  describe('wallets', () => {
    it('inserts once per owner and answers the stored row afterwards', async () => {
      const first = wallet('email:ann@example.com')
      const a = await t.storage.wallets.insertIfAbsent(first)
      expect(a).toEqual({ wallet: first, created: true })
      const b = await t.storage.wallets.insertIfAbsent(wallet('email:ann@example.com'))
      expect(b).toEqual({ wallet: first, created: false })
      expect(await t.storage.wallets.findByOwner('email:ann@example.com')).toEqual(first)
      expect(await t.storage.wallets.findByAddress(first.address.toUpperCase().replace('0X', '0x'))).toEqual(first)
      expect(await t.storage.wallets.findByOwner('email:bob@example.com')).toBeUndefined()
      expect(await t.storage.wallets.findByAddress(address())).toBeUndefined()
    })

    it('throws when the address is held by another owner', async () => {
      const w = wallet('oauth:discord:1')
      await t.storage.wallets.insertIfAbsent(w)
      await expect(
        t.storage.wallets.insertIfAbsent(wallet('oauth:discord:2', { address: w.address })),
      ).rejects.toThrow()
    })

    it('50 parallel insertIfAbsent for one owner: one row, one created:true, one address', async () => {
      const owner = `email:${randomBytes(4).toString('hex')}@example.com`
      const results = await Promise.all(
        Array.from({ length: 50 }, () => t.storage.wallets.insertIfAbsent(wallet(owner))),
      )
      expect(results.filter((r) => r.created)).toHaveLength(1)
      expect(new Set(results.map((r) => r.wallet.address)).size).toBe(1)
      const rows = await t.database.db.selectFrom('wallets').select('id').where('owner_key', '=', owner).execute()
      expect(rows).toHaveLength(1)
    })
  })
})
