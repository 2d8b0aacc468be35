import { createTestContext } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { createApiKey } from '../src/brands/create-api-key'
import { checkIn } from '../src/site/check-in'
import { claimMilestone } from '../src/site/claim-milestone'
import { codeOf, siteWorld } from './support/site-world'
import { testDatabases, useTestStorage } from './support/test-databases'

describe.each(testDatabases())('site check-ins and milestones under concurrency on $dialect', (db) => {
  const t = useTestStorage(db)

  /**
   * PostgreSQL: half the calls on a second pool, like a second server process. SQLite: one
   * connection (better-sqlite3 is synchronous: a second connection in this process would block the
   * event loop while it waits for the first one's lock).
   */
  async function twoProcesses(w: Awaited<ReturnType<typeof siteWorld>>) {
    if (db.dialect === 'sqlite') return [w.ctx, w.ctx]
    const other = createTestContext(await t.database.connect(), { clock: w.clock })
    return [w.ctx, other]
  }

  it('rewards exactly one of 20 concurrent check-ins of one user on one day', async () => {
    const w = await siteWorld(t.storage, '2026-05-04T08:00:00Z')
    const ann = w.newUser()
    const contexts = await twoProcesses(w)
    const options = { apiKey: w.apiKey, mintWaitMs: 0 }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => checkIn(contexts[i % 2] as typeof w.ctx, { user: ann }, options)),
    )
    expect(answers.filter((a) => !a.alreadyClaimed)).toHaveLength(1)
    expect(answers.filter((a) => a.alreadyClaimed && a.reward === 0)).toHaveLength(19)
    expect(new Set(answers.map((a) => a.streak.currentStreak))).toEqual(new Set([1]))
    const entries = await t.database.db
      .selectFrom('ledger_entries')
      .select('amount')
      .where('source_type', '=', 'site_checkin')
      .where('brand_id', '=', w.brandId)
      .execute()
    expect(entries.map((e) => Number(e.amount))).toEqual([10])
    const checkins = await t.database.db
      .selectFrom('site_checkins')
      .selectAll()
      .where('brand_id', '=', w.brandId)
      .execute()
    expect(checkins).toHaveLength(1)
    const wallets = await t.database.db
      .selectFrom('wallets')
      .select('address')
      .where('owner_key', '=', `email:${ann.email}`)
      .execute()
    expect(wallets).toHaveLength(1)
  })

  it('refuses unknown, unreached and repeated milestones, and mints one of 20 concurrent claims', async () => {
    const w = await siteWorld(t.storage, '2026-05-01T08:00:00Z')
    const ann = w.newUser()
    expect(await codeOf(w.claim(ann, 8))).toBe('UNKNOWN_MILESTONE')
    await w.checkIn(ann)
    expect(await codeOf(w.claim(ann, 7))).toBe('MILESTONE_NOT_REACHED')
    for (let day = 2; day <= 7; day++) await w.checkIn(ann, `2026-05-0${day}T08:00:00Z`)
    const contexts = await twoProcesses(w)
    const options = { apiKey: w.apiKey, mintWaitMs: 0 }
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        codeOf(claimMilestone(contexts[i % 2] as typeof w.ctx, { user: ann, milestoneDays: 7 }, options)),
      ),
    )
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1)
    expect(codes.filter((c) => c === 'MILESTONE_ALREADY_CLAIMED')).toHaveLength(19)
    const bonuses = await t.database.db
      .selectFrom('ledger_entries')
      .select('amount')
      .where('source_type', '=', 'site_milestone')
      .where('brand_id', '=', w.brandId)
      .execute()
    expect(bonuses.map((b) => Number(b.amount))).toEqual([100])
    const after = await w.checkIn(ann, '2026-05-08T08:00:00Z')
    expect(after.streak).toMatchObject({ claimedMilestones: [7], unclaimedMilestones: [] })
    // The milestone's days may come as a decimal string (a form field).
    expect(await codeOf(w.claim(ann, '7' as unknown as number))).toBe('MILESTONE_ALREADY_CLAIMED')
  })

  it('asks for a site or events key of the brand', async () => {
    const w = await siteWorld(t.storage, '2026-05-01T08:00:00Z')
    const user = w.newUser()
    expect(await codeOf(checkIn(w.ctx, { user }, {}))).toBe('API_KEY_REQUIRED')
    expect(await codeOf(checkIn(w.ctx, { user }, { apiKey: 'lk_nope' }))).toBe('INVALID_API_KEY')
    const dns = await createApiKey(w.ctx, { brandId: w.brandId, scopes: ['dns'] })
    expect(await codeOf(checkIn(w.ctx, { user }, { apiKey: dns.apiKey }))).toBe('API_KEY_SCOPE_MISSING')
    const site = await createApiKey(w.ctx, { brandId: w.brandId, scopes: ['site'] })
    expect(await codeOf(checkIn(w.ctx, { user }, { apiKey: site.apiKey, mintWaitMs: 0 }))).toBe('ok')
    expect(await codeOf(checkIn(w.ctx, { user: { ...user, email: 'not-an-email' } }, { apiKey: site.apiKey }))).toBe(
      'VALIDATION_FAILED',
    )
  })
})
