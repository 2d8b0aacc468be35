import {
  checkInResponseSchema,
  claimMilestoneResponseSchema,
  getStreakResponseSchema,
  redeemSitePerkResponseSchema,
  siteLeaderboardResponseSchema,
} from '@loyaltykit/engine/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../server-express/test/helpers/start-test-server'
import { type TestDatabase, testDialects } from '../../server-express/test/helpers/test-databases'
import {
  AuthenticationError,
  ConflictError,
  createLoyaltyClient,
  type LoyaltyClient,
  NotFoundError,
  PermissionError,
} from '../src/index'
import { expectWire } from './helpers/expect-wire'

// client.site against the real server (embedded chain, SQLite; packages/server-express/test covers
// PostgreSQL): check-in, streak, milestone, redeem (and a redeem whose answer was lost, retried with
// its idempotency key: one redemption), leaderboard, refusals as the SDK's error classes.
const sqlite = testDialects.find((d) => d.dialect === 'sqlite')
if (!sqlite) throw new Error('no SQLite dialect')

describe('@loyaltykit/sdk client.site against the real server', () => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string
  let site: LoyaltyClient
  /** The site client's redeem requests, with their Idempotency-Key. */
  const redeems: string[] = []
  /** When set, the next redeem's answer is "lost" after the server ran it (a dropped connection). */
  let loseNextAnswer = false

  beforeAll(async () => {
    db = await sqlite.create()
    s = await startTestServer(db, { LOYALTYKIT_DUPLICATE_WINDOW_MS: '0', LOYALTYKIT_MINT_WAIT_MS: '20000' })
    const created = await s.runtime.engine.brands.create({ name: 'Blog', websites: ['https://blog.example'] })
    brandId = created.brand.id
    const { apiKey } = await s.runtime.engine.apiKeys.create({ brandId, scopes: ['site'] })
    const fetching: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/loyalty-api/site/redeem')) {
        redeems.push(new Headers(init?.headers).get('idempotency-key') ?? '')
        if (loseNextAnswer) {
          loseNextAnswer = false
          await (await fetch(input, init)).arrayBuffer()
          throw new TypeError('fetch failed')
        }
      }
      return fetch(input, init)
    }
    site = createLoyaltyClient({ baseUrl: s.base, apiKey, fetch: fetching, sleep: async () => {} })
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  const ann = { id: 42, email: 'ann@example.com', displayName: 'Ann' }

  it('checkIn, streak and claimMilestone', async () => {
    const first = expectWire(checkInResponseSchema, await site.site.checkIn({ user: ann }))
    expect(first).toMatchObject({ alreadyClaimed: false, reward: 10, streak: { currentStreak: 1 } })
    expect(first.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await site.site.checkIn({ user: ann })).toMatchObject({ alreadyClaimed: true, reward: 0 })
    const { streak } = expectWire(getStreakResponseSchema, await site.site.streak({ userId: 42 }))
    expect(streak).toMatchObject({ currentStreak: 1, checkedInToday: true, nextMilestone: { days: 7, bonus: 100 } })

    const early = await site.site.claimMilestone({ user: ann, milestoneDays: 7 }).catch((e: unknown) => e)
    expect(early).toBeInstanceOf(ConflictError)
    expect(early).toMatchObject({ status: 409, code: 'MILESTONE_NOT_REACHED' })
    // Support restores a 7-day streak: the milestone is claimable once.
    await s.runtime.engine.site.restoreStreak({ brandId, userId: 42, days: 7, reason: 'outage on 1 June' })
    const bonus = expectWire(
      claimMilestoneResponseSchema,
      await site.site.claimMilestone({ user: ann, milestoneDays: 7 }),
    )
    expect(bonus).toMatchObject({ bonusRsnc: 100, milestone: 7 })
    await expect(site.site.claimMilestone({ user: ann, milestoneDays: '7' })).rejects.toMatchObject({
      code: 'MILESTONE_ALREADY_CLAIMED',
    })
  })

  it('redeem: the wallet of the email pays; a lost answer retried with its key redeems once; refusals carry the reason', async () => {
    const engine = s.runtime.engine
    const mug = await engine.perks.create({ brandId, name: 'Mug', price: 60, category: 'merch', maxPerUser: 1 })
    const lamp = await engine.perks.create({ brandId, name: 'Lamp', price: 5000 })
    redeems.length = 0
    loseNextAnswer = true
    const got = expectWire(redeemSitePerkResponseSchema, await site.site.redeem({ user: ann, perkId: mug.id }))
    // The first attempt ran on the server and its answer was lost; the retry carried the same key.
    expect(redeems).toHaveLength(2)
    expect(redeems[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(redeems[1]).toBe(redeems[0])
    expect(got).toMatchObject({
      perk: { id: mug.id, name: 'Mug', cost: 60, category: 'merch' },
      pointsSpent: 60,
      newBalance: 50, // 10 (check-in) + 100 (milestone) − 60
    })
    expect(got.confirmationCode).toMatch(/^LK-/)

    const limit = await site.site.redeem({ user: ann, perkId: mug.id }).catch((e: unknown) => e)
    expect(limit).toBeInstanceOf(ConflictError)
    expect(limit).toMatchObject({ code: 'PERK_LIMIT_REACHED', details: { reason: 'per_user_limit' } })
    const poor = await site.site.redeem({ user: ann, perkId: lamp.id }).catch((e: unknown) => e)
    expect(poor).toMatchObject({ status: 409, code: 'INSUFFICIENT_BALANCE', details: { balance: 50, cost: 5000 } })
    const unknown = await site.site.redeem({ user: ann, perkId: crypto.randomUUID() }).catch((e: unknown) => e)
    expect(unknown).toBeInstanceOf(NotFoundError)
    expect(unknown).toMatchObject({ code: 'PERK_NOT_FOUND', details: { reason: 'not_found' } })
    // A caller-chosen key answers the same redemption again.
    const key = `wp-42-${crypto.randomUUID()}`
    const other = await engine.perks.create({ brandId, name: 'Sticker', price: 5 })
    const once = await site.site.redeem({ user: ann, perkId: other.id }, { idempotencyKey: key })
    expect(await site.site.redeem({ user: ann, perkId: other.id }, { idempotencyKey: key })).toEqual(once)
    expect(once.newBalance).toBe(45)
  })

  it('leaderboard, and the key decides', async () => {
    const board = expectWire(
      siteLeaderboardResponseSchema,
      await site.site.leaderboard({ metric: 'rsnc_earned', period: 'all', limit: 5 }),
    )
    expect(board).toMatchObject({ metric: 'rsnc_earned', period: 'all', total: 1 })
    expect(board.leaderboard[0]).toMatchObject({ rank: 1, username: 'Ann', value: 110 })
    expect(await site.site.leaderboard()).toMatchObject({ metric: 'rsnc_earned', period: 'week' })

    const anonymous = createLoyaltyClient({ baseUrl: s.base, apiKey: 'lk_not-a-key' })
    await expect(anonymous.site.streak({ userId: 42 })).rejects.toBeInstanceOf(AuthenticationError)
    const otherBrand = `0x${'12'.repeat(20)}`
    await expect(site.site.leaderboard({ brandId: otherBrand })).rejects.toBeInstanceOf(PermissionError)
  })
})
