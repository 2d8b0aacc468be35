import { describe, expect, it } from 'vitest'
import { getStreak } from '../src/site/get-streak'
import { restoreStreak } from '../src/site/restore-streak'
import { codeOf, siteWorld } from './support/site-world'
import { testDatabases, useTestStorage } from './support/test-databases'

const HOUR = 3_600_000

describe.each(testDatabases())('site streaks on $dialect', (db) => {
  const t = useTestStorage(db)

  it('counts calendar days in the brand’s time zone across both DST changes (Europe/Paris)', async () => {
    const w = await siteWorld(t.storage, '2026-03-28T10:00:00Z', { timezone: 'Europe/Paris' })
    const ann = w.newUser()
    // Sat 28 Mar 23:30 Paris (UTC+1) and Sun 29 Mar 00:30 Paris: one hour apart, two days.
    expect((await w.checkIn(ann, '2026-03-28T22:30:00Z')).streak.currentStreak).toBe(1)
    const sunday = await w.checkIn(ann, '2026-03-28T23:30:00Z')
    expect(sunday).toMatchObject({ alreadyClaimed: false, checkInDate: '2026-03-29', reward: 10 })
    expect(sunday.streak.currentStreak).toBe(2)
    // Sun 29 Mar is 23 hours long: 23:30 Paris (now UTC+2) is the same day.
    const lateSunday = await w.checkIn(ann, '2026-03-29T21:30:00Z')
    expect(lateSunday).toMatchObject({ alreadyClaimed: true, reward: 0, checkInDate: '2026-03-29' })
    expect((await w.checkIn(ann, '2026-03-29T22:05:00Z')).checkInDate).toBe('2026-03-30')

    // Sun 25 Oct is 25 hours long: 00:05 and 23:55 Paris are 24 h 50 min apart, one day.
    const bob = w.newUser()
    const first = await w.checkIn(bob, '2026-10-24T22:05:00Z')
    expect(first.checkInDate).toBe('2026-10-25')
    const second = await w.checkIn(bob, '2026-10-25T22:55:00Z')
    expect(second).toMatchObject({ alreadyClaimed: true, checkInDate: '2026-10-25', reward: 0 })
    // 00:10 Paris on Monday (UTC+1 now): the next day.
    const monday = await w.checkIn(bob, '2026-10-25T23:10:00Z')
    expect(monday).toMatchObject({ alreadyClaimed: false, checkInDate: '2026-10-26' })
    expect(monday.streak.currentStreak).toBe(2)
  })

  it('continues a streak 35 h 59 min after the last check-in and restarts it at 36 h 01 min', async () => {
    const w = await siteWorld(t.storage, '2026-06-01T13:00:00Z')
    const [ann, bob] = [w.newUser(), w.newUser()]
    const monday = Date.parse('2026-06-01T13:00:00Z')
    await w.checkIn(ann, '2026-06-01T13:00:00Z')
    await w.checkIn(bob, '2026-06-01T13:00:00Z')
    // Wednesday 00:59 and 01:01 UTC: Tuesday was missed either way.
    w.clock.set(new Date(monday + 35 * HOUR + 59 * 60_000).toISOString())
    const inGrace = await w.checkIn(ann)
    expect(inGrace).toMatchObject({ checkInDate: '2026-06-03', freezesSpent: 0 })
    expect(inGrace.streak.currentStreak).toBe(2)
    w.clock.set(new Date(monday + 36 * HOUR + 60_000).toISOString())
    const late = await w.checkIn(bob)
    expect(late.checkInDate).toBe('2026-06-03')
    expect(late.streak.currentStreak).toBe(1)
  })

  it('continues on the next calendar day even past the grace period', async () => {
    const w = await siteWorld(t.storage, '2026-06-01T00:30:00Z')
    const ann = w.newUser()
    await w.checkIn(ann, '2026-06-01T00:30:00Z')
    const next = await w.checkIn(ann, '2026-06-02T23:30:00Z') // 47 h later, the next day
    expect(next.streak.currentStreak).toBe(2)
  })

  it('pays floor(base × multiplier), earns a freeze at a milestone and spends it on a missed day', async () => {
    const w = await siteWorld(t.storage, '2026-06-01T09:00:00Z', { baseReward: 7 })
    const ann = w.newUser()
    const rewards: number[] = []
    for (let day = 1; day <= 7; day++) {
      rewards.push((await w.checkIn(ann, `2026-06-0${day}T09:00:00Z`)).reward)
    }
    // floor(7 × 1) six times, then floor(7 × 1.5) = 10 on day 7.
    expect(rewards).toEqual([7, 7, 7, 7, 7, 7, 10])
    const seventh = await getStreak(w.ctx, { userId: ann.id }, { apiKey: w.apiKey })
    expect(seventh.streak).toMatchObject({
      currentStreak: 7,
      multiplier: 1.5,
      freezesAvailable: 1,
      nextMilestone: { days: 30, bonus: 500 },
      unclaimedMilestones: [{ days: 7, bonus: 100 }],
    })
    // 8 Jun missed (48 h later: beyond the grace): the freeze is spent, the streak goes on.
    const frozen = await w.checkIn(ann, '2026-06-09T09:00:00Z')
    expect(frozen).toMatchObject({ freezesSpent: 1, reward: 10 })
    expect(frozen.streak).toMatchObject({ currentStreak: 8, freezesAvailable: 0, freezesUsed: 1 })
    // Two more days missed and no freeze left: the streak has broken (read), and a check-in restarts it.
    w.clock.set('2026-06-12T09:00:00Z')
    expect((await getStreak(w.ctx, { userId: ann.id }, { apiKey: w.apiKey })).streak).toMatchObject({
      currentStreak: 0,
      longestStreak: 8,
      unclaimedMilestones: [],
    })
    const restarted = await w.checkIn(ann)
    expect(restarted.streak).toMatchObject({ currentStreak: 1, longestStreak: 8, freezesUsed: 0 })

    const entries = await t.database.db
      .selectFrom('ledger_entries')
      .select(['amount', 'status', 'kind'])
      .where('source_type', '=', 'site_checkin')
      .where('brand_id', '=', w.brandId)
      .execute()
    expect(entries.map((e) => Number(e.amount))).toEqual(expect.arrayContaining([7, 10]))
    expect(entries).toHaveLength(9)
    expect(new Set(entries.map((e) => `${e.kind}/${e.status}`))).toEqual(new Set(['reward/pending']))
    const jobs = await t.database.db
      .selectFrom('mint_jobs')
      .select('amount')
      .where('source', '=', 'site_checkin')
      .where('brand_id', '=', w.brandId)
      .execute()
    expect(jobs.map((j) => Number(j.amount)).reduce((a, b) => a + b, 0)).toBe(7 * 6 + 10 * 2 + 7)
  })

  it('restores a broken streak for support staff, rejoining its run, with an audit entry', async () => {
    const w = await siteWorld(t.storage, '2026-07-01T09:00:00Z')
    const ann = w.newUser()
    for (let day = 1; day <= 9; day++) await w.checkIn(ann, `2026-07-0${day}T09:00:00Z`)
    expect((await w.claim(ann, 7)).bonusRsnc).toBe(100)
    // The freeze of day 7 covers one missed day; 3 missed days break the streak, and a new run starts.
    await w.checkIn(ann, '2026-07-13T09:00:00Z')
    expect((await getStreak(w.ctx, { userId: ann.id }, { apiKey: w.apiKey })).streak.currentStreak).toBe(1)
    const restored = await restoreStreak(w.ctx, {
      brandId: w.brandId,
      userId: ann.id,
      days: 10,
      reason: 'ticket 4711: site outage on 10-12 July',
    })
    expect(restored.streak).toMatchObject({ currentStreak: 10, checkedInToday: true, claimedMilestones: [7] })
    expect(restored.audit).toMatchObject({ fromStreak: 1, toStreak: 10, actor: 'cli', action: 'streak_restore' })
    // The 7-day bonus of the rejoined run stays claimed; the next day continues at 11.
    expect(await codeOf(w.claim(ann, 7))).toBe('MILESTONE_ALREADY_CLAIMED')
    expect((await w.checkIn(ann, '2026-07-14T09:00:00Z')).streak.currentStreak).toBe(11)
    const audit = await w.ctx.storage.site.listAudit({ brandId: w.brandId, siteUserId: ann.id })
    expect(audit.map((a) => a.reason)).toEqual(['ticket 4711: site outage on 10-12 July'])
    expect(await codeOf(restoreStreak(w.ctx, { brandId: w.brandId, userId: 'nobody', days: 3, reason: 'x' }))).toBe(
      'SITE_MEMBER_NOT_FOUND',
    )
  })
})
