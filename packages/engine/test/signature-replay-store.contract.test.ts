import { randomBytes } from 'node:crypto'
import type { Storage } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { testDatabases, useTestStorage } from './support/test-databases'

describe.each(testDatabases())('signature-replay store contract on $dialect', (db) => {
  const t = useTestStorage(db)
  const signature = () => randomBytes(32).toString('hex')
  const remember = (s: Storage, sig: string, now: number, scope = 'perk-charges:a') =>
    s.signatureReplays.remember({ scope, signature: sig, expiresAt: now + 1_000, now })

  it('of 30 concurrent duplicates from two connections, exactly one is remembered', async () => {
    const other = await t.database.connect()
    const sig = signature()
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => remember(i % 2 ? other : t.storage, sig, 1_000)),
    )
    expect(answers.filter(Boolean)).toHaveLength(1)
    // Concurrent distinct signatures are each remembered once.
    const distinct = await Promise.all(
      Array.from({ length: 10 }, (_, i) => remember(i % 2 ? other : t.storage, signature(), 1_000)),
    )
    expect(distinct.every(Boolean)).toBe(true)
  })

  it('refuses the same (scope, signature) until it expires; scopes are separate', async () => {
    const sig = signature()
    expect(await remember(t.storage, sig, 1_000)).toBe(true)
    expect(await remember(t.storage, sig, 1_999)).toBe(false)
    expect(await remember(t.storage, sig, 1_000, 'agent')).toBe(true)
    // Expired: the same signature may be remembered again (its timestamp is stale by then anyway).
    expect(await remember(t.storage, sig, 2_000)).toBe(true)
    expect(await remember(t.storage, sig, 2_000)).toBe(false)
  })
})
