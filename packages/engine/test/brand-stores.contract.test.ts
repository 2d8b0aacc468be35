// The storage contract (SQLite and PostgreSQL) of the stores a brand configures: brands, rules, API keys
// and secrets.
import { randomBytes } from 'node:crypto'
import { isLoyaltyError } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { address, brand, rule } from './support/storage-rows'
import { testDatabases, useTestStorage } from './support/test-databases'

describe.each(testDatabases())('storage contract on $dialect', (db) => {
  const t = useTestStorage(db)

  describe('brands', () => {
    it('creates, gets and lists brands', async () => {
      const a = brand({ createdAt: 1 })
      const b = brand({ createdAt: 2, name: 'Other', websites: [] })
      await t.storage.brands.create(b)
      await t.storage.brands.create(a)
      expect(await t.storage.brands.get(a.id)).toEqual(a)
      expect(await t.storage.brands.get(address())).toBeUndefined()
      const listed = (await t.storage.brands.list()).filter((x) => x.id === a.id || x.id === b.id)
      expect(listed).toEqual([a, b])
    })

    it('refuses a taken id with BRAND_EXISTS, without aborting the transaction', async () => {
      const a = brand()
      await t.storage.brands.create(a)
      const err = await t.storage.brands.create({ ...a, name: 'Again' }).catch((e) => e)
      expect(isLoyaltyError(err) && err.code).toBe('BRAND_EXISTS')
      const stillUsable = await t.storage.transaction(async (tx) => {
        await expect(tx.brands.create(a)).rejects.toMatchObject({ code: 'BRAND_EXISTS' })
        return tx.brands.get(a.id)
      })
      expect(stillUsable?.name).toBe('Shop')
    })

    it('updates websites, and says BRAND_NOT_FOUND for an unknown brand', async () => {
      const a = brand()
      await t.storage.brands.create(a)
      await t.storage.brands.updateWebsites(a.id, ['https://a.example', 'http://localhost:3000'])
      expect((await t.storage.brands.get(a.id))?.websites).toEqual(['https://a.example', 'http://localhost:3000'])
      await expect(t.storage.brands.updateWebsites(address(), [])).rejects.toMatchObject({ code: 'BRAND_NOT_FOUND' })
    })
  })

  describe('rules', () => {
    it('inserts, replaces, gets and lists rules (disabled only on request, ordered by type)', async () => {
      const b = brand()
      await t.storage.brands.create(b)
      const custom = rule(b.id, {
        eventType: 'custom_Quiz',
        eventId: 'custom_Quiz',
        isCustom: true,
        rewardAmount: 7,
        maxClaims: -1,
        cooldownHours: 0.5,
        maxTotalClaims: 1000,
        detectionConfig: { urlPatterns: ['/done'], successSelectors: ['.ok'], channels: ['general'] },
      })
      const basic = rule(b.id)
      const off = rule(b.id, { eventType: 'form_submit', eventId: 'form_submit', enabled: false })
      for (const r of [custom, off, basic]) await t.storage.rules.upsert(r)

      expect(await t.storage.rules.get(b.id, 'custom_Quiz')).toEqual(custom)
      expect(await t.storage.rules.get(b.id, 'nope')).toBeUndefined()
      expect(await t.storage.rules.list(b.id)).toEqual([basic, custom])
      expect((await t.storage.rules.list(b.id, { includeDisabled: true })).map((r) => r.eventType)).toEqual([
        'account_creation',
        'custom_Quiz',
        'form_submit',
      ])

      const changed = { ...basic, rewardAmount: 250, enabled: false, updatedAt: basic.updatedAt + 1 }
      await t.storage.rules.upsert(changed)
      expect(await t.storage.rules.get(b.id, 'account_creation')).toEqual(changed)
      expect(await t.storage.rules.list(b.id)).toEqual([custom])
    })

    it('get forUpdate inside a transaction answers the row', async () => {
      const b = brand()
      await t.storage.brands.create(b)
      await t.storage.rules.upsert(rule(b.id))
      const got = await t.storage.transaction((tx) => tx.rules.get(b.id, 'account_creation', { forUpdate: true }))
      expect(got?.rewardAmount).toBe(100)
    })

    it('refuses a rule of an unknown brand (foreign key)', async () => {
      await expect(t.storage.rules.upsert(rule(address()))).rejects.toThrow()
    })
  })

  describe('api keys and brand secrets', () => {
    it('creates, finds, lists and revokes keys', async () => {
      const b = brand()
      await t.storage.brands.create(b)
      const k1 = {
        id: `k1-${b.id}`,
        brandId: b.id,
        scopes: ['constraints' as const, 'dns' as const],
        keyHash: randomBytes(32).toString('hex'),
        prefix: 'lk_abcdefghi',
        createdAt: 10,
        revokedAt: null,
      }
      const k2 = {
        ...k1,
        id: `k2-${b.id}`,
        scopes: ['agent' as const],
        keyHash: randomBytes(32).toString('hex'),
        createdAt: 20,
      }
      await t.storage.apiKeys.create(k2)
      await t.storage.apiKeys.create(k1)
      expect(await t.storage.apiKeys.findByHash(k1.keyHash)).toEqual(k1)
      expect(await t.storage.apiKeys.findByHash('0'.repeat(64))).toBeUndefined()
      expect(await t.storage.apiKeys.listForBrand(b.id)).toEqual([k1, k2])
      await expect(t.storage.apiKeys.create({ ...k1, id: 'dup' })).rejects.toThrow()

      expect(await t.storage.apiKeys.revoke(k1.id, 99)).toBe(true)
      expect(await t.storage.apiKeys.revoke(k1.id, 100)).toBe(false)
      expect(await t.storage.apiKeys.revoke('unknown', 100)).toBe(false)
      expect(await t.storage.apiKeys.findByHash(k1.keyHash)).toEqual({ ...k1, revokedAt: 99 })
    })

    it('refuses a key of an unknown brand (foreign key)', async () => {
      const key = {
        id: randomBytes(8).toString('hex'),
        brandId: address(),
        scopes: ['dns' as const],
        keyHash: randomBytes(32).toString('hex'),
        prefix: 'lk_x',
        createdAt: 1,
        revokedAt: null,
      }
      await expect(t.storage.apiKeys.create(key)).rejects.toThrow()
    })

    it('sets, replaces and gets secrets per brand and kind', async () => {
      const b = brand()
      await t.storage.brands.create(b)
      expect(await t.storage.apiKeys.getSecret(b.id, 'security_key')).toBeUndefined()
      await t.storage.apiKeys.setSecret(b.id, 'security_key', 'v1.a', 1)
      await t.storage.apiKeys.setSecret(b.id, 'webhook_secret', 'v1.w', 1)
      await t.storage.apiKeys.setSecret(b.id, 'security_key', 'v1.b', 2)
      expect(await t.storage.apiKeys.getSecret(b.id, 'security_key')).toBe('v1.b')
      expect(await t.storage.apiKeys.getSecret(b.id, 'webhook_secret')).toBe('v1.w')
    })
  })
})
