import { randomBytes, randomUUID } from 'node:crypto'
import type { IdempotentResponse, Storage } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { testDatabases, useTestStorage } from './support/test-databases'

const HOUR = 3_600_000
const LOCK = 60_000
const T0 = 1_750_000_000_000

const answer: IdempotentResponse = {
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-ratelimit-remaining': '99' },
  body: '{"success":true,"eventId":"e1"}',
}

describe.each(testDatabases())('idempotency storage contract on $dialect', (db) => {
  const t = useTestStorage(db)
  const ref = () => ({ scope: `brand:0x${randomBytes(20).toString('hex')}`, key: randomUUID(), claimId: randomUUID() })
  const claim = (s: Storage, r: ReturnType<typeof ref>, over: { requestHash?: string; now?: number } = {}) =>
    s.idempotency.claim({ ...r, requestHash: over.requestHash ?? 'h1', now: over.now ?? T0, lockTtlMs: LOCK })

  it('claims a new key, answers in_progress while it runs, then replays the stored answer', async () => {
    const r = ref()
    expect(await claim(t.storage, r)).toEqual({ state: 'claimed' })
    const second = { ...r, claimId: randomUUID() }
    expect(await claim(t.storage, second, { now: T0 + 10 })).toEqual({ state: 'in_progress', lockedUntil: T0 + LOCK })
    expect(
      await t.storage.idempotency.complete({ ...r, response: answer, now: T0 + 20, expiresAt: T0 + 24 * HOUR }),
    ).toBe(true)
    expect(await claim(t.storage, second, { now: T0 + 30 })).toEqual({
      state: 'replay',
      response: answer,
      completedAt: T0 + 20,
    })
    // A completed claim cannot complete or release again.
    expect(await t.storage.idempotency.complete({ ...r, response: answer, now: T0 + 40, expiresAt: T0 })).toBe(false)
    await t.storage.idempotency.release(r)
    expect((await claim(t.storage, second, { now: T0 + 50 })).state).toBe('replay')
  })

  it('answers mismatch for another request under the same key, in progress or completed', async () => {
    const r = ref()
    await claim(t.storage, r)
    expect(await claim(t.storage, { ...r, claimId: randomUUID() }, { requestHash: 'h2' })).toEqual({
      state: 'mismatch',
    })
    await t.storage.idempotency.complete({ ...r, response: answer, now: T0, expiresAt: T0 + HOUR })
    expect(await claim(t.storage, { ...r, claimId: randomUUID() }, { requestHash: 'h2' })).toEqual({
      state: 'mismatch',
    })
    // The same key in another scope is another key.
    expect(
      await claim(t.storage, { ...r, scope: 'ip:127.0.0.1', claimId: randomUUID() }, { requestHash: 'h2' }),
    ).toEqual({
      state: 'claimed',
    })
  })

  it('keeps an answer until it expires, then the key is new (any request may claim it)', async () => {
    const r = ref()
    await claim(t.storage, r)
    await t.storage.idempotency.complete({ ...r, response: answer, now: T0, expiresAt: T0 + 24 * HOUR })
    const later = { ...r, claimId: randomUUID() }
    expect((await claim(t.storage, later, { now: T0 + 24 * HOUR - 1 })).state).toBe('replay')
    expect(await claim(t.storage, later, { now: T0 + 24 * HOUR, requestHash: 'h2' })).toEqual({ state: 'claimed' })
    // The old claimant can no longer write over the new claim.
    expect(await t.storage.idempotency.complete({ ...r, response: answer, now: T0, expiresAt: T0 + HOUR })).toBe(false)
  })

  it('frees a released key at once, and only for the claim that holds it', async () => {
    const r = ref()
    await claim(t.storage, r)
    await t.storage.idempotency.release({ ...r, claimId: randomUUID() })
    expect((await claim(t.storage, { ...r, claimId: randomUUID() })).state).toBe('in_progress')
    await t.storage.idempotency.release(r)
    expect(await claim(t.storage, { ...r, claimId: randomUUID() }, { requestHash: 'h2' })).toEqual({ state: 'claimed' })
  })

  it('lets a crashed claim be taken over after its lock runs out; extend keeps a live lock', async () => {
    const r = ref()
    await claim(t.storage, r)
    expect(await t.storage.idempotency.extend({ ...r, now: T0 + LOCK - 1, lockTtlMs: LOCK })).toBe(true)
    const other = { ...r, claimId: randomUUID() }
    expect(await claim(t.storage, other, { now: T0 + LOCK + 10 })).toEqual({
      state: 'in_progress',
      lockedUntil: T0 + 2 * LOCK - 1,
    })
    // No heartbeat since: the lock runs out and the next claim takes the key over.
    expect(await claim(t.storage, other, { now: T0 + 2 * LOCK })).toEqual({ state: 'claimed' })
    expect(await t.storage.idempotency.extend({ ...r, now: T0 + 2 * LOCK, lockTtlMs: LOCK })).toBe(false)
    expect(await t.storage.idempotency.complete({ ...r, response: answer, now: T0, expiresAt: T0 + HOUR })).toBe(false)
    await t.storage.idempotency.release(r)
    expect(
      await t.storage.idempotency.complete({ ...other, response: answer, now: T0, expiresAt: T0 + 3 * LOCK }),
    ).toBe(true)
  })

  it('of 40 concurrent claims of one key from two connections exactly one is claimed', async () => {
    const other = await t.database.connect()
    const base = ref()
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => claim(i % 2 ? other : t.storage, { ...base, claimId: randomUUID() })),
    )
    expect(results.filter((c) => c.state === 'claimed')).toHaveLength(1)
    expect(results.filter((c) => c.state === 'in_progress')).toHaveLength(39)
  })

  it('of 40 concurrent takeovers of an expired key exactly one is claimed', async () => {
    const other = await t.database.connect()
    const r = ref()
    await claim(t.storage, r)
    await t.storage.idempotency.complete({ ...r, response: answer, now: T0, expiresAt: T0 + HOUR })
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        claim(i % 2 ? other : t.storage, { ...r, claimId: randomUUID() }, { now: T0 + HOUR, requestHash: 'h3' }),
      ),
    )
    expect(results.filter((c) => c.state === 'claimed')).toHaveLength(1)
    expect(results.filter((c) => c.state === 'in_progress')).toHaveLength(39)
  })

  it('purges expired answers and ran-out locks, nothing else', async () => {
    const now = T0 + 1000 * HOUR
    const done = ref()
    const live = ref()
    const crashed = ref()
    const kept = ref()
    for (const r of [done, live, crashed, kept]) await claim(t.storage, r, { now: now - 2 * LOCK })
    await t.storage.idempotency.complete({ ...done, response: answer, now: now - HOUR, expiresAt: now - 1 })
    await t.storage.idempotency.complete({ ...kept, response: answer, now: now - HOUR, expiresAt: now + HOUR })
    await t.storage.idempotency.extend({ ...live, now, lockTtlMs: LOCK })
    expect(await t.storage.idempotency.purgeExpired({ now })).toBeGreaterThanOrEqual(2)
    const rows = await t.database.db
      .selectFrom('idempotency_keys')
      .select('scope')
      .where('scope', 'in', [done.scope, live.scope, crashed.scope, kept.scope])
      .execute()
    expect(rows.map((x) => x.scope).sort()).toEqual([live.scope, kept.scope].sort())
  })
})
