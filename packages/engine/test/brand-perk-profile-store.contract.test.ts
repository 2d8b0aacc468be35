// The storage contract (SQLite and PostgreSQL) of what migration 0018 adds: a brand's profile
// (category, description, contact email, onboarding agent key, updated_at) and a perk's active flag,
// tags, discount code and updated_at; and the migration itself over rows written before it.
import { randomBytes, randomUUID } from 'node:crypto'
import type { PerkRecord } from '@loyaltykit/engine'
import { migrations } from '@loyaltykit/engine/storage-kysely'
import { type Kysely, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { describe, expect, it } from 'vitest'
import { address, brand } from './support/storage-rows'
import { testDatabases, useTestStorage } from './support/test-databases'

const perk = (brandId: string, overrides: Partial<PerkRecord> = {}): PerkRecord => ({
  id: randomUUID(),
  collectionId: Math.floor(Math.random() * 1e9),
  brandId,
  name: 'Free coffee',
  description: 'One coffee',
  category: 'dining',
  price: '250',
  maxSupply: 10,
  maxPerUser: 1,
  charges: 1,
  transactionHash: `0x${randomBytes(32).toString('hex')}`,
  blockNumber: 7,
  createdAt: 1_000,
  isActive: true,
  tags: ['coffee', 'morning'],
  discountCode: 'COFFEE10',
  updatedAt: 1_000,
  ...overrides,
})

describe.each(testDatabases())('brand and perk profiles on $dialect', (db) => {
  const t = useTestStorage(db)

  it('stores a brand profile and answers it from get and list', async () => {
    const a = brand({
      category: 'dining',
      description: 'Coffee & cake\nsince 1990',
      contactEmail: 'owner@cafe.example',
      onboardedByAgentKeyId: 'lak_0123456789abcdef01234567',
      updatedAt: 1_750_000_000_999,
    })
    await t.storage.brands.create(a)
    expect(await t.storage.brands.get(a.id)).toEqual(a)
    expect((await t.storage.brands.list()).find((b) => b.id === a.id)).toEqual(a)
  })

  it('updates only the profile fields given, clears with null, stamps updatedAt; unknown → BRAND_NOT_FOUND', async () => {
    const a = brand({ category: 'retail', description: 'Shoes', contactEmail: 'a@shop.example', updatedAt: 5 })
    await t.storage.brands.create(a)
    const renamed = await t.storage.brands.updateProfile(a.id, { name: 'Shoe Shop', category: 'other' }, 10)
    expect(renamed).toEqual({ ...a, name: 'Shoe Shop', category: 'other', updatedAt: 10 })
    const cleared = await t.storage.brands.updateProfile(a.id, { description: null, contactEmail: null }, 11)
    expect(cleared).toEqual({ ...renamed, description: null, contactEmail: null, updatedAt: 11 })
    expect(await t.storage.brands.get(a.id)).toEqual(cleared)
    await expect(t.storage.brands.updateProfile(address(), { name: 'x' }, 12)).rejects.toMatchObject({
      code: 'BRAND_NOT_FOUND',
    })
  })

  it('stores a perk with its active flag, tags and discount code, and updates them', async () => {
    const b = brand()
    await t.storage.brands.create(b)
    const p = perk(b.id)
    const bare = perk(b.id, { tags: [], discountCode: null, isActive: false, createdAt: 2_000, updatedAt: 2_000 })
    await t.storage.perks.create(p)
    await t.storage.perks.create(bare)
    expect(await t.storage.perks.get(p.id)).toEqual(p)
    expect(await t.storage.perks.listForBrand(b.id)).toEqual([p, bare])

    const off = await t.storage.perks.update(p.id, { isActive: false, price: '300' }, 3_000)
    expect(off).toEqual({ ...p, isActive: false, price: '300', updatedAt: 3_000 })
    const changed = await t.storage.perks.update(
      p.id,
      { isActive: true, description: null, tags: ['tea'], discountCode: null },
      3_001,
    )
    expect(changed).toEqual({
      ...off,
      isActive: true,
      description: null,
      tags: ['tea'],
      discountCode: null,
      updatedAt: 3_001,
    })
    expect(await t.storage.perks.getByCollectionId(p.collectionId)).toEqual(changed)
    expect(await t.storage.perks.get(bare.id)).toEqual(bare)
    expect(await t.storage.perks.update(randomUUID(), { isActive: false }, 4_000)).toBeUndefined()
  })

  it('migration 0018 keeps older rows: updated_at = created_at, perks active, no tags; and goes back down', async () => {
    const fresh = await db.create({ migrate: false })
    try {
      const raw = fresh.db as unknown as Kysely<unknown>
      const migrator = new Migrator({ db: raw, provider: { getMigrations: async () => migrations } })
      expect((await migrator.migrateTo('0017-agent-reads')).error).toBeUndefined()
      const brandId = address()
      await sql`insert into brands (id, name, websites, created_at)
        values (${brandId}, 'Old', '["https://old.example"]', 1234)`.execute(raw)
      await sql`insert into perks (id, collection_id, brand_id, name, description, category, price, max_supply,
          max_per_user, charges, transaction_hash, block_number, created_at)
        values ('p1', 1, ${brandId}, 'Old perk', null, null, '5', 0, 0, 1, '0xab', 3, 5678)`.execute(raw)
      expect((await migrator.migrateTo('0018-brand-perk-profiles')).error).toBeUndefined()
      expect(await fresh.storage.brands.get(brandId)).toEqual({
        id: brandId,
        name: 'Old',
        websites: ['https://old.example'],
        createdAt: 1234,
        category: null,
        description: null,
        contactEmail: null,
        onboardedByAgentKeyId: null,
        updatedAt: 1234,
      })
      expect(await fresh.storage.perks.get('p1')).toMatchObject({
        isActive: true,
        tags: [],
        discountCode: null,
        updatedAt: 5678,
      })
      expect((await migrator.migrateTo('0017-agent-reads')).error).toBeUndefined()
      const cols = await sql<{ name: string }>`select * from brands`.execute(raw)
      expect(Object.keys(cols.rows[0] ?? {}).sort()).toEqual(['created_at', 'id', 'name', 'websites'])
    } finally {
      await fresh.destroy()
    }
  })
})
