import { migrations } from '@loyaltykit/engine/storage-kysely'
import { type Kysely, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { describe, expect, it } from 'vitest'
import { testDatabases } from './support/test-databases'

const NOW = 1_750_000_020_000
const MINUTE = 60_000

const count = async (db: Kysely<unknown>, table: string) =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]?.n)

describe.each(testDatabases())('migration 0009-rate-limits on $dialect', (db) => {
  it('moves the relayer and pregeneration windows and the seen signatures into the shared stores, and back down', async () => {
    const fresh = await db.create({ migrate: false })
    try {
      const raw = fresh.db as unknown as Kysely<unknown>
      const migrator = new Migrator({ db: raw, provider: { getMigrations: async () => migrations } })
      expect((await migrator.migrateTo('0008-clawback-replacements')).error).toBeUndefined()
      const window = { window_start: NOW, window_end: NOW + MINUTE }
      await sql`insert into relay_rate_windows (key, window_start, window_end, count)
        values ('relay:ip:10.0.0.1', ${window.window_start}, ${window.window_end}, 3)`.execute(raw)
      await sql`insert into pregeneration_rate_windows (key, window_start, window_end, count)
        values ('pregenerate:0xb:minute', ${window.window_start}, ${window.window_end}, 100)`.execute(raw)
      await sql`insert into seen_signatures (scope, signature, expires_at)
        values ('perk-charges:0xb', 'abc', ${NOW + 300_000})`.execute(raw)

      const applied = async () => (await migrator.migrateTo('0009-rate-limits')).results?.map((r) => r.migrationName)
      expect(await applied()).toEqual(['0009-rate-limits'])
      const peek = (key: string, limit: number) =>
        fresh.storage.rateLimits.peek({ key, limit, windowMs: MINUTE, now: NOW + 1 })
      expect(await peek('relay:ip:10.0.0.1', 100)).toMatchObject({ count: 3, remaining: 97 })
      // A window full before the upgrade stays full after it.
      expect(
        (
          await fresh.storage.rateLimits.hit({
            key: 'pregenerate:0xb:minute',
            limit: 100,
            windowMs: MINUTE,
            now: NOW + 1,
          })
        ).allowed,
      ).toBe(false)
      const replay = { scope: 'perk-charges:0xb', signature: 'abc', expiresAt: NOW + 300_000, now: NOW }
      expect(await fresh.storage.signatureReplays.remember(replay)).toBe(false)
      for (const gone of ['relay_rate_windows', 'pregeneration_rate_windows', 'seen_signatures']) {
        await expect(count(raw, gone)).rejects.toThrow()
      }

      expect((await migrator.migrateTo('0008-clawback-replacements')).error).toBeUndefined()
      expect(await count(raw, 'relay_rate_windows')).toBe(1)
      expect(await count(raw, 'pregeneration_rate_windows')).toBe(1)
      expect(await count(raw, 'seen_signatures')).toBe(1)
      await expect(count(raw, 'rate_limits')).rejects.toThrow()
      expect(await applied()).toEqual(['0009-rate-limits'])
    } finally {
      await fresh.destroy()
    }
  })
})
