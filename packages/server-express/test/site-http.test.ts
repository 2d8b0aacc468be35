import {
  checkInResponseSchema,
  claimMilestoneResponseSchema,
  getStreakResponseSchema,
  siteLeaderboardResponseSchema,
} from '@loyaltykit/engine/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

type Answer = { status: number; headers: Headers; body: Record<string, unknown> }

// The upstream site API (docs/site-plugin.md) over real HTTP with the embedded chain: the brand key,
// object-level authorization, check-in once a day, milestones, the leaderboard, one wallet per email
// shared with sdk.js events, errors in the event handler's shape. Day-by-day rules run on a fake
// clock in packages/engine/test/site-streaks.test.ts.
describe.each(testDialects)('site API over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let a: { brandId: string; apiKey: string; siteKey: string; dnsKey: string }
  let b: { brandId: string; apiKey: string }

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_DUPLICATE_WINDOW_MS: '0' })
    const engine = s.runtime.engine
    const one = await engine.brands.create({ name: 'Blog A', websites: ['https://a.example'] })
    const site = await engine.apiKeys.create({ brandId: one.brand.id, scopes: ['site'] })
    a = { brandId: one.brand.id, apiKey: one.keys.apiKey, siteKey: site.apiKey, dnsKey: one.keys.dnsKey }
    const two = await engine.brands.create({ name: 'Blog B', websites: ['https://b.example'] })
    b = { brandId: two.brand.id, apiKey: two.keys.apiKey }
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  async function call(
    method: 'GET' | 'POST',
    path: string,
    key?: string,
    body?: unknown,
    headers = {},
  ): Promise<Answer> {
    const res = await fetch(`${s.base}/loyalty-api/site${path}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> }
  }
  const ann = { id: 42, email: 'Ann@Example.com', displayName: 'Ann' }

  it('checks a user in once a day, minting the reward to the wallet of the email', async () => {
    const first = await call('POST', '/checkin', a.siteKey, { user: ann })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-store')
    const body = checkInResponseSchema.parse(first.body)
    expect(body).toMatchObject({ success: true, alreadyClaimed: false, reward: 10, freezesSpent: 0 })
    expect(body.streak).toMatchObject({ currentStreak: 1, multiplier: 1, nextMilestone: { days: 7, bonus: 100 } })
    expect(body.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    const again = checkInResponseSchema.parse((await call('POST', '/checkin', a.siteKey, { user: ann })).body)
    expect(again).toMatchObject({ alreadyClaimed: true, reward: 0, transactionHash: null })

    // An sdk.js event of the same email on the same brand rewards the same wallet: one balance.
    const event = await fetch(`${s.base}/loyalty-api/manual-event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://a.example' },
      body: JSON.stringify({ brandId: a.brandId, eventType: 'newsletter_subscribe', userEmail: 'ann@example.com' }),
    })
    expect(event.status).toBe(200)
    const { walletAddress } = (await event.json()) as { walletAddress: string }
    const member = await fetch(`${s.base}/loyalty-api/members/ann@example.com`, {
      headers: { authorization: `Bearer ${a.apiKey}` },
    })
    expect(await member.json()).toMatchObject({ walletAddress, balance: '35', totals: { earned: 35 } })
  })

  it('reads the streak and claims a milestone once', async () => {
    const streak = await call('GET', '/streak?userId=42', a.siteKey)
    expect(getStreakResponseSchema.parse(streak.body).streak).toMatchObject({ currentStreak: 1, checkedInToday: true })
    const early = await call('POST', '/claim-milestone', a.siteKey, { user: ann, milestoneDays: 7 })
    expect(early).toMatchObject({ status: 409, body: { success: false, code: 'MILESTONE_NOT_REACHED' } })
    expect(await call('POST', '/claim-milestone', a.siteKey, { user: ann, milestoneDays: 8 })).toMatchObject({
      status: 400,
      body: { code: 'UNKNOWN_MILESTONE', details: { milestones: [7, 30, 100, 365] } },
    })
    await s.runtime.engine.site.restoreStreak({ brandId: a.brandId, userId: '42', days: 7, reason: 'HTTP test' })
    const claimed = await call('POST', '/claim-milestone', a.siteKey, { user: ann, milestoneDays: '7' })
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200)
    const bonus = claimMilestoneResponseSchema.parse(claimed.body)
    expect(bonus).toMatchObject({ success: true, bonusRsnc: 100, milestone: 7 })
    expect(bonus.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(bonus.streak).toMatchObject({ claimedMilestones: [7], unclaimedMilestones: [] })
    expect(await call('POST', '/claim-milestone', a.siteKey, { user: ann, milestoneDays: 7 })).toMatchObject({
      status: 409,
      body: { code: 'MILESTONE_ALREADY_CLAIMED' },
    })
  })

  it('answers the leaderboard in the spec’s shape, with display names and masked wallets', async () => {
    await call('POST', '/checkin', a.apiKey, { user: { id: 'wp-7', email: 'bob@example.com', displayName: 'Bob' } })
    const res = await call('GET', '/leaderboard?metric=rsnc_earned&period=week&limit=5', a.siteKey)
    const board = siteLeaderboardResponseSchema.parse(res.body)
    expect(board).toMatchObject({ success: true, metric: 'rsnc_earned', period: 'week', total: 2 })
    expect(board.leaderboard.map((e) => [e.rank, e.username, e.value])).toEqual([
      [1, 'Ann', 135],
      [2, 'Bob', 10],
    ])
    expect(board.leaderboard[0]?.userIdentifier).toMatch(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/)
    const streaks = siteLeaderboardResponseSchema.parse(
      (await call('GET', '/leaderboard?metric=streak', a.siteKey)).body,
    )
    expect(streaks.leaderboard.map((e) => [e.username, e.value])).toEqual([
      ['Ann', 7],
      ['Bob', 1],
    ])
    expect(await call('GET', '/leaderboard?period=year', a.siteKey)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    })
  })

  it('binds every call to the key’s brand and refuses other keys', async () => {
    // Brand B's key sees none of brand A's streaks or rankings.
    const other = getStreakResponseSchema.parse((await call('GET', '/streak?userId=42', b.apiKey)).body)
    expect(other.streak.currentStreak).toBe(0)
    expect((await call('GET', '/leaderboard', b.apiKey)).body).toMatchObject({ leaderboard: [], total: 0 })
    for (const [path, method] of [
      ['/checkin', 'POST'],
      ['/streak?userId=42', 'GET'],
      ['/claim-milestone', 'POST'],
      ['/leaderboard', 'GET'],
    ] as const) {
      const body = method === 'POST' ? { user: ann } : undefined
      expect(await call(method, path, undefined, body)).toMatchObject({
        status: 401,
        body: { code: 'API_KEY_REQUIRED' },
      })
      expect(await call(method, path, 'lk_nope', body)).toMatchObject({
        status: 401,
        body: { code: 'INVALID_API_KEY' },
      })
      expect(await call(method, path, a.dnsKey, body)).toMatchObject({
        status: 403,
        body: { success: false, code: 'API_KEY_SCOPE_MISSING', requestId: expect.any(String) },
      })
    }
    // A brandId sent beside the key must be the key's.
    expect(await call('POST', '/checkin', b.apiKey, { user: ann, brandId: a.brandId })).toMatchObject({
      status: 403,
      body: { code: 'API_KEY_BRAND_MISMATCH' },
    })
    expect(await call('GET', `/streak?userId=42&brandId=${a.brandId}`, a.siteKey)).toMatchObject({ status: 200 })
    const bad = await call('POST', '/checkin', a.siteKey, { user: { id: '', email: 'nope' } })
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } })
    expect((bad.body.details as { field: string }[]).map((d) => d.field).sort()).toEqual(['user.email', 'user.id'])
  })

  it('replays a POST sent again with the same Idempotency-Key', async () => {
    const user = { id: 'idem', email: 'idem@example.com' }
    const headers = { 'idempotency-key': 'checkin-idem-1' }
    const first = await call('POST', '/checkin', a.siteKey, { user }, headers)
    const second = await call('POST', '/checkin', a.siteKey, { user }, headers)
    expect(second.body).toEqual(first.body)
    expect(first.body).toMatchObject({ alreadyClaimed: false, reward: 10 })
  })
})
