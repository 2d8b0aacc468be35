// The storage contract (SQLite and PostgreSQL) of the Storage as a whole: settings, transactions,
// number types, ping and migrations; and one SQLite file shared by several processes. The stores have
// their own suites (brand-store, wallet-store, event-store, … .contract.test.ts).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { migrations } from '@loyaltykit/engine/storage-kysely'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { brand, rule, wallet } from './support/storage-rows'
import { testDatabases, useTestStorage } from './support/test-databases'

const allMigrations = Object.keys(migrations).sort()

describe.each(testDatabases())('storage contract on $dialect', (db) => {
  const t = useTestStorage(db)

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

    it('savepoints, nested and in a row: a throwing one loses only its own writes', async () => {
      const k = `sp-${randomBytes(4).toString('hex')}`
      const fail = (e: unknown) => e
      await t.storage.transaction(async (tx) => {
        await tx.savepoint(async () => {
          await tx.settings.set(`${k}-outer`, 'x')
          await tx.savepoint(async () => tx.settings.set(`${k}-inner-kept`, 'x'))
          await tx
            .savepoint(async () => {
              await tx.settings.set(`${k}-inner-lost`, 'x')
              throw new Error('inner')
            })
            .catch(fail)
        })
        await tx
          .savepoint(async () => {
            await tx.settings.set(`${k}-second-lost`, 'x')
            await tx.savepoint(async () => tx.settings.set(`${k}-second-inner-lost`, 'x'))
            throw new Error('second')
          })
          .catch(fail)
        await tx.savepoint(async () => tx.settings.set(`${k}-third`, 'x'))
      })
      const kept = async (s: string) => (await t.storage.settings.get(`${k}-${s}`)) === 'x'
      expect(await kept('outer')).toBe(true)
      expect(await kept('inner-kept')).toBe(true)
      expect(await kept('inner-lost')).toBe(false)
      expect(await kept('second-lost')).toBe(false)
      expect(await kept('second-inner-lost')).toBe(false)
      expect(await kept('third')).toBe(true)
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
