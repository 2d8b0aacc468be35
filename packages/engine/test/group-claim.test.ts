import { ConflictError, isLoyaltyError, type Stores } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { acceptEvent } from '../src/events/accept-event'
import { groupClaim } from '../src/events/group-claim'
import { setRule } from '../src/rules/set-rule'
import { testDatabases, useTestStorage } from './support/test-databases'

async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    return String(await p)
  } catch (e) {
    return isLoyaltyError(e) ? e.code : `error: ${(e as Error).message}`
  }
}

describe.each(testDatabases())('groupClaim on $dialect', (db) => {
  const t = useTestStorage(db)
  const grouped = db.dialect === 'sqlite'

  it('runs concurrent callers in one transaction on SQLite (each its own on PostgreSQL)', async () => {
    const seen: Stores[] = []
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        groupClaim(t.storage, async (tx) => {
          seen.push(tx)
          await tx.settings.set(`group-a-${i}`, String(i))
          return i
        }),
      ),
    )
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(new Set(seen).size).toBe(grouped ? 1 : 10)
    for (let i = 0; i < 10; i++) expect(await t.storage.settings.get(`group-a-${i}`)).toBe(String(i))
  })

  it('rolls back only a refused caller; a caller seeing the others sees the writes before it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        outcome(
          groupClaim(t.storage, async (tx) => {
            await tx.settings.set(`group-b-${i}`, 'written')
            if (i === 3) throw new ConflictError('refused', 'GROUP_TEST_REFUSED')
            // Everything written before this caller in its transaction (or committed) is visible.
            const before = await Promise.all(Array.from({ length: i }, (_, j) => tx.settings.get(`group-b-${j}`)))
            return before.filter((v) => v === 'written').length
          }),
        ),
      ),
    )
    expect(answers).toEqual(grouped ? ['0', '1', '2', 'GROUP_TEST_REFUSED', '3', '4'] : expect.any(Array))
    expect(answers[3]).toBe('GROUP_TEST_REFUSED')
    expect(await t.storage.settings.get('group-b-3')).toBeUndefined()
    for (const i of [0, 1, 2, 4, 5]) expect(await t.storage.settings.get(`group-b-${i}`)).toBe('written')
  })

  it('after an error that is not a refusal, runs every caller again in its own transaction', async () => {
    let runs = 0
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        outcome(
          groupClaim(t.storage, async (tx) => {
            runs++
            await tx.settings.set(`group-c-${i}`, 'written')
            if (i === 2) throw new Error('disk on fire')
            return 'ok'
          }),
        ),
      ),
    )
    expect(answers).toEqual(['ok', 'ok', 'error: disk on fire', 'ok', 'ok'])
    // SQLite: the group of five ran three callers, rolled back, then five alone. PostgreSQL: five alone.
    expect(runs).toBe(grouped ? 8 : 5)
    expect(await t.storage.settings.get('group-c-2')).toBeUndefined()
    for (const i of [0, 1, 3, 4]) expect(await t.storage.settings.get(`group-c-${i}`)).toBe('written')
  })

  it('judges grouped claims of one user and one rule against each other: the limits hold', async () => {
    const ctx = createTestContext(t.storage)
    const { brand } = await createBrand(ctx, { name: 'Group', websites: ['https://shop.example.com'] })
    await setRule(ctx, {
      brandId: brand.id,
      eventType: 'form_submit',
      maxClaims: 2,
      cooldownHours: 0,
      maxTotalClaims: 5,
    })
    const body = (email: string) => ({
      brandId: brand.id,
      eventType: 'form_submit',
      userEmail: email,
      domain: 'shop.example.com',
    })
    const codes = await Promise.all(
      ['a', 'a', 'a', 'b', 'b', 'b', 'c', 'c', 'd', 'e'].map((u) =>
        outcome(acceptEvent(ctx, body(`${u}@example.com`), { duplicateWindowMs: 0 }).then(() => 'ok')),
      ),
    )
    expect(codes.filter((c) => c === 'ok')).toHaveLength(5)
    const rows = await t.database.db
      .selectFrom('reward_events')
      .select(['user_key'])
      .where('brand_id', '=', brand.id)
      .execute()
    expect(rows).toHaveLength(5)
    const perUser = new Map<string, number>()
    for (const r of rows) perUser.set(r.user_key, (perUser.get(r.user_key) ?? 0) + 1)
    expect(Math.max(...perUser.values())).toBeLessThanOrEqual(2)
    const jobs = await t.database.db.selectFrom('mint_jobs').select('id').where('brand_id', '=', brand.id).execute()
    expect(jobs).toHaveLength(5)
  })
})
