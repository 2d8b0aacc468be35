import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { type Brand, type CustodialWallet, type EventRule, isLoyaltyError } from '@loyaltykit/engine'
import { migrations } from '@loyaltykit/engine/storage-kysely'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { testDatabases, useTestStorage } from './support/test-databases'

const address = () => `0x${randomBytes(20).toString('hex')}`
const brand = (overrides: Partial<Brand> = {}): Brand => ({
  id: address(),
  name: 'Shop',
  websites: ['https://shop.example'],
  createdAt: 1_750_000_000_123,
  ...overrides,
})
const rule = (brandId: string, overrides: Partial<EventRule> = {}): EventRule => ({
  brandId,
  eventType: 'account_creation',
  eventId: 'account_creation',
  rewardAmount: 100,
  maxClaims: 1,
  cooldownHours: 24,
  maxTotalClaims: null,
  detectionMethod: 'url_pattern',
  detectionConfig: { urlPatterns: [], successSelectors: [] },
  isCustom: false,
  enabled: true,
  updatedAt: 1_750_000_000_000,
  ...overrides,
})
const wallet = (ownerKey: string, overrides: Partial<CustodialWallet> = {}): CustodialWallet => ({
  id: randomBytes(8).toString('hex'),
  address: address(),
  ownerKey,
  encryptedKey: `v1.cipher.${randomBytes(4).toString('hex')}`,
  createdAt: 1_750_000_000_456,
  ...overrides,
})
const allMigrations = Object.keys(migrations).sort()

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

  describe('settings', () => {
    it('gets, sets and replaces values', async () => {
      expect(await t.storage.settings.get('chain.id')).toBeUndefined()
      await t.storage.settings.set('chain.id', '31337')
      await t.storage.settings.set('chain.id', '1')
      expect(await t.storage.settings.get('chain.id')).toBe('1')
    })

    it('setIfAbsent keeps the first value', async () => {
      expect(await t.storage.settings.setIfAbsent('token', 'first')).toBe('first')
      expect(await t.storage.settings.setIfAbsent('token', 'second')).toBe('first')
      expect(await t.storage.settings.get('token')).toBe('first')
    })

    it('parallel setIfAbsent: every caller gets the one stored value', async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => t.storage.settings.setIfAbsent('race', `value-${i}`)),
      )
      const stored = await t.storage.settings.get('race')
      expect(stored).toMatch(/^value-\d+$/)
      expect(new Set(answers)).toEqual(new Set([stored]))
    })
  })

  describe('transactions', () => {
    it('commits and answers the value of fn', async () => {
      const b = brand()
      const answer = await t.storage.transaction(async (tx) => {
        await tx.brands.create(b)
        await tx.rules.upsert(rule(b.id))
        return (await tx.brands.get(b.id))?.name
      })
      expect(answer).toBe('Shop')
      expect(await t.storage.rules.get(b.id, 'account_creation')).toBeDefined()
    })

    it('keeps nothing fn wrote when it throws', async () => {
      const b = brand()
      const owner = `email:${randomBytes(4).toString('hex')}@example.com`
      const boom = new Error('boom')
      const err = await t.storage
        .transaction(async (tx) => {
          await tx.brands.create(b)
          await tx.rules.upsert(rule(b.id))
          await tx.wallets.insertIfAbsent(wallet(owner))
          await tx.settings.set(`rolled-back-${b.id}`, 'x')
          await tx.apiKeys.setSecret(b.id, 'security_key', 'v1.x', 1)
          throw boom
        })
        .catch((e) => e)
      expect(err).toBe(boom)
      expect(await t.storage.brands.get(b.id)).toBeUndefined()
      expect(await t.storage.rules.get(b.id, 'account_creation')).toBeUndefined()
      expect(await t.storage.wallets.findByOwner(owner)).toBeUndefined()
      expect(await t.storage.settings.get(`rolled-back-${b.id}`)).toBeUndefined()
      expect(await t.storage.apiKeys.getSecret(b.id, 'security_key')).toBeUndefined()
    })
  })

  it('stores epoch milliseconds as JS numbers', async () => {
    const b = brand({ createdAt: 4_102_444_800_000 })
    await t.storage.brands.create(b)
    const got = await t.storage.brands.get(b.id)
    expect(got?.createdAt).toBe(4_102_444_800_000)
    expect(typeof got?.createdAt).toBe('number')
  })

  it('pings', async () => {
    await expect(t.storage.ping()).resolves.toBeUndefined()
  })

  describe('migrations', () => {
    it('applies every migration once; migrating again is harmless', async () => {
      const fresh = await db.create({ migrate: false })
      try {
        expect((await fresh.storage.migrate()).applied).toEqual(allMigrations)
        expect((await fresh.storage.migrate()).applied).toEqual([])
        await fresh.storage.ping()
        expect(await fresh.storage.brands.list()).toEqual([])
      } finally {
        await fresh.destroy()
      }
    })

    it('concurrent migrations from separate connections apply each migration exactly once', async () => {
      const fresh = await db.create({ migrate: false })
      try {
        const others = db.dialect === 'postgres' ? await Promise.all([1, 2, 3].map(() => fresh.connect())) : []
        const results = await Promise.all([fresh.storage, ...others].map((s) => s.migrate()))
        expect(results.flatMap((r) => r.applied).sort()).toEqual(allMigrations)
        const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(fresh.db)
        expect(rows.rows.map((r) => r.name).sort()).toEqual(allMigrations)
      } finally {
        await fresh.destroy()
      }
    })
  })
})

describe('SQLite file shared by several processes', () => {
  it('processes migrating and creating one wallet at once: each migration once, one wallet', async () => {
    const [sqlite] = testDatabases()
    const fresh = await sqlite!.create({ migrate: false })
    try {
      const file = (
        await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(fresh.db)
      ).rows[0]!.file
      const child = fileURLToPath(new URL('./support/sqlite-process.ts', import.meta.url))
      const outputs = await Promise.all([1, 2, 3].map(() => runNode(child, [file, 'email:shared@example.com'])))
      const results = outputs.map((o) => JSON.parse(o) as { applied: string[]; created: boolean; address: string })
      expect(results.flatMap((r) => r.applied).sort()).toEqual(allMigrations)
      expect(results.filter((r) => r.created)).toHaveLength(1)
      expect(new Set(results.map((r) => r.address)).size).toBe(1)
      const rows = await fresh.db.selectFrom('wallets').select('address').execute()
      expect(rows).toEqual([{ address: results[0]!.address }])
    } finally {
      await fresh.destroy()
    }
  })
})

function runNode(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    proc.stdout.on('data', (d) => {
      out += d
    })
    proc.stderr.on('data', (d) => {
      err += d
    })
    proc.on('error', reject)
    proc.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited ${code}: ${err}`))))
  })
}
