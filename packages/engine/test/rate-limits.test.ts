import { randomBytes } from 'node:crypto'
import { createEngine, ValidationError } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { hitRateLimit } from '../src/rate-limits/hit-rate-limit'
import { testDatabases, useTestStorage } from './support/test-databases'

const MINUTE = 60_000
/** 10 s into a clock minute (epoch ms). */
const T0 = 1_750_000_030_000
const clockAt = (now: { t: number }) => ({ now: () => now.t })

describe.each(testDatabases())('engine.rateLimits on $dialect', (db) => {
  const t = useTestStorage(db)

  it('counts hits of a key in its clock window up to the limit, and never past it', async () => {
    const now = { t: T0 }
    const engine = createEngine({
      storage: t.storage,
      keyVault: createTestContext(t.storage).keyVault,
      clock: clockAt(now),
    })
    const key = `ip:test:${randomBytes(4).toString('hex')}`
    const resetAt = Math.ceil(T0 / MINUTE) * MINUTE
    const hits = []
    for (let i = 0; i < 4; i++) hits.push(await engine.rateLimits.hit({ key, limit: 3, windowMs: MINUTE }))
    expect(hits).toEqual([
      { allowed: true, count: 1, limit: 3, remaining: 2, resetAt },
      { allowed: true, count: 2, limit: 3, remaining: 1, resetAt },
      { allowed: true, count: 3, limit: 3, remaining: 0, resetAt },
      { allowed: false, count: 3, limit: 3, remaining: 0, resetAt },
    ])
    expect(await engine.rateLimits.peek({ key, limit: 3, windowMs: MINUTE })).toEqual({
      count: 3,
      limit: 3,
      remaining: 0,
      resetAt,
    })
    // The next clock minute starts from zero.
    now.t = resetAt
    expect(await engine.rateLimits.hit({ key, limit: 3, windowMs: MINUTE })).toMatchObject({ allowed: true, count: 1 })
  })

  it('shares the window with another storage on the same database (another process)', async () => {
    const other = await t.database.connect()
    const ctx = createTestContext(t.storage)
    const otherCtx = createTestContext(other)
    const key = `ip:test:${randomBytes(4).toString('hex')}`
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => hitRateLimit(i % 2 ? otherCtx : ctx, { key, limit: 4, windowMs: MINUTE })),
    )
    expect(results.filter((r) => r.allowed)).toHaveLength(4)
  })

  it('refuses bad parameters with a 400', async () => {
    const ctx = createTestContext(t.storage)
    await expect(hitRateLimit(ctx, { key: '', limit: 1, windowMs: MINUTE })).rejects.toBeInstanceOf(ValidationError)
    await expect(hitRateLimit(ctx, { key: 'k', limit: 1.5, windowMs: MINUTE })).rejects.toBeInstanceOf(ValidationError)
    await expect(hitRateLimit(ctx, { key: 'k', limit: 1, windowMs: 10 })).rejects.toBeInstanceOf(ValidationError)
  })
})
