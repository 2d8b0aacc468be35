import { migrations } from '@loyaltykit/engine/storage-kysely'
import { createTestContext } from '@loyaltykit/engine/testing'
import { type Kysely, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { describe, expect, it } from 'vitest'
import { getMigrationStatus } from '../src/migrations/get-migration-status'
import { type FreshDatabase, testDatabases } from './support/test-databases'

const names = Object.keys(migrations).sort()

async function hasMigrationTable(fresh: FreshDatabase): Promise<boolean> {
  const raw = fresh.db as unknown as Kysely<unknown>
  const query =
    fresh.dialect === 'sqlite'
      ? sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'kysely_migration'`
      : sql<{ n: number }>`select count(*) as n from pg_tables where tablename = 'kysely_migration'`
  return Number((await query.execute(raw)).rows[0]?.n) > 0
}

describe.each(testDatabases())('migration status on $dialect', (db) => {
  it('reads pending and applied migrations without creating anything, then every one applied once migrated', async () => {
    const fresh = await db.create({ migrate: false })
    try {
      const ctx = createTestContext(fresh.storage)
      const empty = await getMigrationStatus(ctx)
      expect(empty).toEqual({
        migrations: names.map((name) => ({ name, appliedAt: null })),
        pending: names,
        unknown: [],
        upToDate: false,
      })
      expect(await hasMigrationTable(fresh)).toBe(false)

      // Half way: the first three applied, in order.
      const raw = fresh.db as unknown as Kysely<unknown>
      const migrator = new Migrator({ db: raw, provider: { getMigrations: async () => migrations } })
      const before = Date.now()
      expect((await migrator.migrateTo(names[2] as string)).error).toBeUndefined()
      const partial = await getMigrationStatus(ctx)
      expect(partial.pending).toEqual(names.slice(3))
      for (const m of partial.migrations.slice(0, 3)) {
        expect(m.appliedAt).toBeGreaterThanOrEqual(before - 1_000)
        expect(m.appliedAt).toBeLessThanOrEqual(Date.now() + 1_000)
      }

      await fresh.storage.migrate()
      const done = await getMigrationStatus(ctx)
      expect(done.pending).toEqual([])
      expect(done.upToDate).toBe(true)
      expect(done.migrations.map((m) => m.name)).toEqual(names)
      expect(done.migrations.every((m) => typeof m.appliedAt === 'number')).toBe(true)
      expect(done.migrations[0]?.appliedAt).toBe(partial.migrations[0]?.appliedAt)
    } finally {
      await fresh.destroy()
    }
  })

  it('names migrations a newer version applied, and is then not up to date', async () => {
    const fresh = await db.create()
    try {
      const at = new Date('2031-02-03T04:05:06.789Z')
      await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', ${at.toISOString()})`.execute(
        fresh.db as unknown as Kysely<unknown>,
      )
      const status = await getMigrationStatus(createTestContext(fresh.storage))
      expect(status.pending).toEqual([])
      expect(status.unknown).toEqual([{ name: '9999-from-the-future', appliedAt: at.getTime() }])
      expect(status.upToDate).toBe(false)
    } finally {
      await fresh.destroy()
    }
  })
})
