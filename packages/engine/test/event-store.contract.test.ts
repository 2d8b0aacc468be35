import type { RewardEvent, Storage } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { evaluateClaim } from '../src/events/evaluate-claim'
import { testDatabases, useTestStorage } from './support/test-databases'

const brandId = `0x${'e1'.repeat(20)}`

function event(overrides: Partial<RewardEvent> & { id: string; userKey: string }): RewardEvent {
  return {
    brandId,
    eventType: 'account_creation',
    userEmail: overrides.userKey,
    walletAddress: `0x${'0'.repeat(40)}`,
    rewardAmount: 100,
    source: null,
    domain: 'example.com',
    channelId: null,
    metadata: { a: 1 },
    mintJobId: `job-${overrides.id}`,
    transactionHash: null,
    createdAt: 1_000,
    ...overrides,
  }
}

/** One claim as the event handler makes it: lock, judge, record, all in one transaction. */
async function claim(
  storage: Storage,
  id: string,
  userKey: string,
  rule: { maxClaims: number; maxTotal: number | null },
) {
  return storage.transaction(async (tx) => {
    const key = { brandId, eventType: 'account_creation', userKey }
    const history = await tx.events.lockClaimHistory(key)
    const decision = evaluateClaim(
      { maxClaims: rule.maxClaims, cooldownHours: 0, maxTotalClaims: rule.maxTotal },
      history,
      { now: Date.now(), source: undefined, skipCooldown: false, duplicateWindowMs: 0 },
    )
    if (!decision.ok) return decision.reason
    const recorded = await tx.events.recordClaim(event({ id, userKey, createdAt: Date.now() }), rule.maxTotal)
    return recorded ? 'ok' : 'max_total_claims_reached'
  })
}

describe.each(testDatabases())('event store on $dialect', (db) => {
  const t = useTestStorage(db)

  it('starts with an empty history and counts recorded claims', async () => {
    const key = { brandId, eventType: 'account_creation', userKey: 'first@example.com' }
    expect(await t.storage.events.lockClaimHistory(key)).toEqual({ userClaims: 0, last: undefined, totalClaims: 0 })
    expect(await t.storage.events.recordClaim(event({ id: 'e-1', userKey: key.userKey, createdAt: 5 }), null)).toBe(
      true,
    )
    expect(await t.storage.events.lockClaimHistory(key)).toEqual({
      userClaims: 1,
      last: { eventId: 'e-1', at: 5 },
      totalClaims: 1,
    })
    const stored = await t.storage.events.get('e-1')
    expect(stored).toMatchObject({ id: 'e-1', metadata: { a: 1 }, rewardAmount: 100, transactionHash: null })
    await t.storage.events.setTransactionHash('e-1', '0xabc')
    expect((await t.storage.events.get('e-1'))?.transactionHash).toBe('0xabc')
    expect((await t.storage.events.listByMintJob('job-e-1')).map((e) => e.id)).toEqual(['e-1'])
  })

  it('gives one success to 30 concurrent claims of one user when maxClaims is 1', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        claim(t.storage, `same-${i}`, 'same@example.com', { maxClaims: 1, maxTotal: null }),
      ),
    )
    expect(results.filter((r) => r === 'ok')).toHaveLength(1)
    expect(results.filter((r) => r === 'max_claims_reached')).toHaveLength(29)
  })

  it('holds the global max under 30 concurrent claims of different users', async () => {
    await t.database.db.deleteFrom('rule_totals').execute()
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        claim(t.storage, `g-${i}`, `u${i}@example.com`, { maxClaims: 1, maxTotal: 7 }),
      ),
    )
    expect(results.filter((r) => r === 'ok')).toHaveLength(7)
    const rows = await t.database.db.selectFrom('reward_events').select('id').where('id', 'like', 'g-%').execute()
    expect(rows).toHaveLength(7)
  })

  it('reads a history without a lock and without writing (the dry run of check-eligibility)', async () => {
    const key = { brandId, eventType: 'newsletter_subscribe', userKey: 'dry@example.com' }
    const counters = () =>
      t.database.db.selectFrom('claim_counters').select('claims').where('user_key', '=', key.userKey).execute()
    expect(await t.storage.events.readClaimHistory(key)).toEqual({ userClaims: 0, last: undefined, totalClaims: 0 })
    // Unlike lockClaimHistory, no counter row is created for a user who never claimed.
    expect(await counters()).toEqual([])
    // A claim as the event handler makes it: lock (which creates the counter row), then record.
    await t.storage.events.lockClaimHistory(key)
    await t.storage.events.recordClaim(
      event({ id: 'dry-1', userKey: key.userKey, eventType: key.eventType, createdAt: 9 }),
      null,
    )
    await t.storage.events.recordClaim(
      event({ id: 'dry-2', userKey: 'other@example.com', eventType: key.eventType, createdAt: 9 }),
      null,
    )
    const locked = await t.storage.events.lockClaimHistory(key)
    expect(await t.storage.events.readClaimHistory(key)).toEqual(locked)
    expect(locked).toEqual({ userClaims: 1, last: { eventId: 'dry-1', at: 9 }, totalClaims: 2 })

    // While another connection holds the user's lock in an open transaction, the read answers at once.
    const other = await t.database.connect()
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let lockTaken = () => {}
    const taken = new Promise<void>((resolve) => {
      lockTaken = resolve
    })
    const holder = other.transaction(async (tx) => {
      await tx.events.lockClaimHistory(key)
      lockTaken()
      await held
    })
    await taken
    const read = await Promise.race([
      t.storage.events.readClaimHistory(key),
      new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 2_000)),
    ])
    release()
    await holder
    expect(read).toEqual(locked)
  })
})
