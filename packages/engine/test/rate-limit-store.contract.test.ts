import { randomBytes } from 'node:crypto'
import type { Storage } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { testDatabases, useTestStorage } from './support/test-databases'

const MINUTE = 60_000
/** A clock-minute boundary (epoch ms), so windows are easy to reason about. */
const T0 = 1_750_000_020_000
const newKey = (what = 'k') => `${what}:${randomBytes(8).toString('hex')}`

describe.each(testDatabases())('rate-limit store contract on $dialect', (db) => {
  const t = useTestStorage(db)
  const hit = (s: Storage, key: string, limit: number, now = T0, windowMs = MINUTE) =>
    s.rateLimits.hit({ key, limit, windowMs, now })

  it('of 50 concurrent hits from two connections with limit 20, allows exactly 20', async () => {
    const other = await t.database.connect()
    const key = newKey()
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => hit(i % 2 ? other : t.storage, key, 20)))
    const allowed = results.filter((r) => r.allowed)
    expect(allowed).toHaveLength(20)
    expect(allowed.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    for (const r of allowed) expect(r).toMatchObject({ limit: 20, remaining: 20 - r.count, resetAt: T0 + MINUTE })
    for (const r of results.filter((r) => !r.allowed)) {
      expect(r).toEqual({ allowed: false, count: 20, limit: 20, remaining: 0, resetAt: T0 + MINUTE })
    }
    expect(await t.storage.rateLimits.peek({ key, limit: 20, windowMs: MINUTE, now: T0 + 5 })).toEqual({
      count: 20,
      limit: 20,
      remaining: 0,
      resetAt: T0 + MINUTE,
    })
  })

  it('allows one of 10 concurrent hits with limit 1, and none with limit 0 (nothing written)', async () => {
    const other = await t.database.connect()
    const one = newKey()
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => hit(i % 2 ? other : t.storage, one, 1)))
    expect(results.filter((r) => r.allowed)).toHaveLength(1)
    const none = newKey()
    expect(await hit(t.storage, none, 0)).toMatchObject({ allowed: false, remaining: 0 })
    expect((await t.storage.rateLimits.peek({ key: none, limit: 5, windowMs: MINUTE, now: T0 })).count).toBe(0)
  })

  it('starts a new window at the boundary (fake now), per key', async () => {
    const key = newKey()
    const neighbour = newKey()
    for (let i = 1; i <= 3; i++) expect(await hit(t.storage, key, 3, T0 + i * 1000)).toMatchObject({ count: i })
    expect((await hit(t.storage, key, 3, T0 + MINUTE - 1)).allowed).toBe(false)
    // Another key has a window of its own.
    expect(await hit(t.storage, neighbour, 3, T0 + MINUTE - 1)).toMatchObject({ allowed: true, count: 1 })
    // At the boundary the next window starts from zero and ends one window later.
    expect(await hit(t.storage, key, 3, T0 + MINUTE)).toEqual({
      allowed: true,
      count: 1,
      limit: 3,
      remaining: 2,
      resetAt: T0 + 2 * MINUTE,
    })
    expect((await t.storage.rateLimits.peek({ key, limit: 3, windowMs: MINUTE, now: T0 + MINUTE })).count).toBe(1)
    // An hourly window of a clock hour: a hit at hh:59 and one at hh+1:00 are in different windows.
    const hourly = newKey('hour')
    const hour = 3_600_000
    const hourStart = Math.floor(T0 / hour) * hour
    expect(await hit(t.storage, hourly, 1, hourStart + hour - 1, hour)).toMatchObject({
      allowed: true,
      resetAt: hourStart + hour,
    })
    expect((await hit(t.storage, hourly, 1, hourStart + hour - 1, hour)).allowed).toBe(false)
    expect((await hit(t.storage, hourly, 1, hourStart + hour, hour)).allowed).toBe(true)
  })

  it('a hit that opens a window sweeps windows that ended over a minute ago', async () => {
    const gone = newKey('gone')
    const recent = newKey('recent')
    const later = T0 + 100 * MINUTE
    await hit(t.storage, gone, 5, T0)
    await hit(t.storage, recent, 5, later - MINUTE - 1) // its window ended less than a minute before `later`
    await hit(t.storage, newKey('opener'), 5, later)
    const rows = await t.database.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'in', [gone, recent])
      .execute()
    expect(rows.map((r) => r.key)).toEqual([recent])
  })
})
