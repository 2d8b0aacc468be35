import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { expectWpError } from './helpers/expect-wp-error'
import { type Member, useWordPressWorld } from './helpers/wordpress-world'
import { basicAuth, rest, WpSession } from './helpers/wp-session'

// /wp-json/loyalty/v1 on a real WordPress, against a real loyaltykit server (helpers/wordpress-world.ts):
// members logged in through wp-login.php with a REST nonce, or with an application password; every
// route, what each answers, and the spec's errors that come from the upstream's refusals.

const STREAK_FIELDS = ['currentStreak', 'multiplier', 'nextMilestone', 'unclaimedMilestones']

describe('loyalty/v1 on WordPress against a real loyaltykit server', () => {
  const w = useWordPressWorld()
  let ann: Member
  let bob: Member
  let url: string
  const post = (m: Member, route: string, body?: unknown, headers?: Record<string, string>) =>
    rest(url, 'POST', `/loyalty/v1${route}`, { session: m.session, body, ...(headers ? { headers } : {}) })

  beforeAll(async () => {
    url = w.wp.url
    ann = await w.member('Ann')
    bob = await w.member('Bob')
  })

  it('POST /checkin: the first check-in of the day rewards 10 tokens and starts a streak; the second is alreadyClaimed', async () => {
    const first = await post(ann, '/checkin')
    expect(first.status).toBe(200)
    expect(Object.keys(first.body).sort()).toEqual(['alreadyClaimed', 'reward', 'streak', 'success'])
    expect(first.body).toMatchObject({ success: true, reward: 10, alreadyClaimed: false })
    const streak = first.body.streak as Record<string, unknown>
    for (const field of STREAK_FIELDS) expect(streak).toHaveProperty(field)
    expect(streak).toMatchObject({
      currentStreak: 1,
      multiplier: 1,
      nextMilestone: { days: 7, bonus: 100 },
      unclaimedMilestones: [],
    })
    const again = await post(ann, '/checkin')
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ success: true, reward: 0, alreadyClaimed: true, streak: { currentStreak: 1 } })
    expect((await post(bob, '/checkin')).body).toMatchObject({ reward: 10, alreadyClaimed: false })
  })

  it('checkin_failed 400 for a member without an email address (the points live in the wallet of an email)', async () => {
    // WordPress accepts a user without an email (an importer, a directory sync); the wallet is an email's.
    const password = 'no-email-password'
    await w.wp.php(
      `wp_insert_user(array('user_login' => 'noemail', 'user_pass' => '${password}', 'user_email' => ''));`,
    )
    const session = await WpSession.login(url, 'noemail', password)
    await session.fetchNonce()
    const refused = await rest(url, 'POST', '/loyalty/v1/checkin', { session })
    expectWpError(refused, 'checkin_failed', /no email address/)
    expectWpError(
      await rest(url, 'POST', '/loyalty/v1/claim-milestone', { session, body: { milestoneDays: 7 } }),
      'claim_failed',
    )
  })

  it('POST /claim-milestone: claim_failed before the milestone, for a day count that is none, and twice; the bonus once', async () => {
    const early = await post(ann, '/claim-milestone', { milestoneDays: 7 })
    expectWpError(early, 'claim_failed', /not reached/i)
    expectWpError(await post(ann, '/claim-milestone', { milestoneDays: 8 }), 'claim_failed', /not a milestone/i)
    // Support staff restore Ann's streak to 7 days (loyaltykit streak restore): the milestone is reached.
    await w.s.runtime.engine.site.restoreStreak({
      brandId: w.brandId,
      userId: String(ann.id),
      days: 7,
      reason: 'WordPress plugin test',
    })
    const claimed = await post(ann, '/claim-milestone', { milestoneDays: '7' })
    expect({ status: claimed.status, body: claimed.body }).toEqual({
      status: 200,
      body: { success: true, bonusRsnc: 100, milestone: 7 },
    })
    expectWpError(await post(ann, '/claim-milestone', { milestoneDays: 7 }), 'claim_failed', /already claimed/i)
  })

  it('POST /redeem: the perk, a confirmation code, a replay under the same Idempotency-Key; refusals carry their reason', async () => {
    const engine = w.s.runtime.engine
    const coffee = await engine.perks.create({
      brandId: w.brandId,
      name: 'Free coffee',
      price: 20,
      maxPerUser: 1,
      category: 'dining',
    })
    const mug = await engine.perks.create({
      brandId: w.brandId,
      name: 'Last mug',
      price: 5,
      maxSupply: 1,
      category: 'retail',
    })
    const spa = await engine.perks.create({ brandId: w.brandId, name: 'Spa day', price: 100_000, category: 'wellness' })
    const key = randomUUID()
    const redeemed = await post(ann, '/redeem', { perkId: coffee.id }, { 'Idempotency-Key': key })
    expect(redeemed.status).toBe(200)
    expect(redeemed.body).toEqual({
      success: true,
      confirmationCode: expect.stringMatching(/^LK-\S{10}$/),
      perk: { id: coffee.id, name: 'Free coffee', cost: 20, category: 'dining' },
    })
    const replayed = await post(ann, '/redeem', { perkId: coffee.id }, { 'Idempotency-Key': key })
    expect(replayed.body).toEqual(redeemed.body)
    // The same key from another member is another request (keys are scoped to the WordPress user):
    // Bob's 10 points do not buy a 20-point coffee.
    const other = await post(bob, '/redeem', { perkId: coffee.id }, { 'Idempotency-Key': key })
    expectWpError(other, 'redeem_failed', 'Not enough points for this perk')

    expectWpError(
      await post(ann, '/redeem', { perkId: coffee.id }),
      'redeem_failed',
      'This member has claimed this perk as often as allowed',
    )
    expectWpError(await post(ann, '/redeem', { perkId: spa.id }), 'redeem_failed', 'Not enough points for this perk')
    expectWpError(
      await post(ann, '/redeem', { perkId: randomUUID() }),
      'redeem_failed',
      'No perk with this id at this brand',
    )
    expect((await post(ann, '/redeem', { perkId: mug.id })).status).toBe(200)
    expectWpError(await post(bob, '/redeem', { perkId: mug.id }), 'redeem_failed', 'This perk is sold out')
    // Spent on the server: the coffee once (the replay spent nothing) and the mug; Bob nothing.
    const spent = async (m: Member) => {
      const member = await w.s.runtime.storage.site.getMember({ brandId: w.brandId, siteUserId: String(m.id) })
      const totals = await w.s.runtime.storage.ledger.memberTotals({
        walletAddress: member!.walletAddress,
        brandId: w.brandId,
      })
      return Number(totals.redeemed) + 0 // the sum of no redemption is -0
    }
    expect([await spent(ann), await spent(bob)]).toEqual([25, 0])
  })

  it('GET /leaderboard: public; defaults rsnc_earned/week/10; metric, period and limit; entries with display names', async () => {
    const board = await rest(url, 'GET', '/loyalty/v1/leaderboard')
    expect(board.status).toBe(200)
    expect(Object.keys(board.body).sort()).toEqual(['leaderboard', 'metric', 'period', 'success', 'total'])
    expect(board.body).toMatchObject({ success: true, metric: 'rsnc_earned', period: 'week', total: 2 })
    // Ann: 10 (check-in) + 100 (milestone); Bob: 10.
    expect(board.body.leaderboard).toEqual([
      { userIdentifier: expect.stringMatching(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/i), username: 'Ann', value: 110, rank: 1 },
      { userIdentifier: expect.any(String), username: 'Bob', value: 10, rank: 2 },
    ])
    const streaks = await rest(url, 'GET', '/loyalty/v1/leaderboard?metric=streak&period=all&limit=1')
    expect(streaks.body).toMatchObject({ metric: 'streak', period: 'all', total: 2 })
    expect(streaks.body.leaderboard).toEqual([expect.objectContaining({ username: 'Ann', value: 7, rank: 1 })])
    const activity = await rest(url, 'GET', '/loyalty/v1/leaderboard?metric=activity&period=month')
    expect(activity.body).toMatchObject({ metric: 'activity', period: 'month' })
    for (const bad of ['metric=points', 'period=year', 'limit=0', 'limit=101']) {
      const res = await rest(url, 'GET', `/loyalty/v1/leaderboard?${bad}`)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('rest_invalid_param')
    }
  })

  it('application passwords: a member checks in and claims with Basic auth, no cookie and no nonce', async () => {
    const cleo = await w.member('Cleo')
    const created = await rest(url, 'POST', '/wp/v2/users/me/application-passwords', {
      session: cleo.session,
      body: { name: 'my app' },
    })
    const auth = basicAuth(cleo.login, created.body.password as string)
    const checkin = await rest(url, 'POST', '/loyalty/v1/checkin', { auth })
    expect(checkin.body).toMatchObject({
      success: true,
      reward: 10,
      alreadyClaimed: false,
      streak: { currentStreak: 1 },
    })
    const claim = await rest(url, 'POST', '/loyalty/v1/claim-milestone', { auth, body: { milestoneDays: 7 } })
    expectWpError(claim, 'claim_failed', /not reached/i)
  })

  it("api_error when the server refuses the site's key (a wrong LOYALTYKIT_API_KEY wins over the page) or has no site API at the URL", async () => {
    w.wp.setConstants({ LOYALTYKIT_API_KEY: 'lk_live_wrongwrongwrongwrongwrongwrong00' })
    try {
      expectWpError(await post(ann, '/checkin'), 'api_error', "The loyalty service refused this site's API key.")
      expectWpError(await rest(url, 'GET', '/loyalty/v1/leaderboard'), 'api_error')
      w.wp.setConstants({ LOYALTYKIT_API_URL: `${w.s.base}/some/path` })
      expectWpError(await post(ann, '/checkin'), 'api_error', /does not offer the site API/)
    } finally {
      w.wp.setConstants({})
    }
    expect((await post(ann, '/checkin')).body).toMatchObject({ success: true, alreadyClaimed: true })
  })

  it('left no PHP error, warning or notice from the plugin in debug.log, and no secret in the server log', async () => {
    const ours = (await w.wp.debugLog()).split('\n').filter((line) => line.includes('wp-content/plugins/loyaltykit'))
    expect(ours).toEqual([])
    expect(await w.s.leaks()).toEqual([])
  })
})
