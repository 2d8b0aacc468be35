import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrokenUpstreams } from './helpers/broken-upstreams'
import { expectWpError } from './helpers/expect-wp-error'
import { startWordPress, type WordPress } from './helpers/wordpress'
import { basicAuth, rest, WpSession } from './helpers/wp-session'

// The plugin on a real WordPress (scripts/start-wordpress.sh: MariaDB, Debian's WordPress 6.1, PHP's
// built-in server) before it reaches a working loyaltykit server: WordPress's authentication in front
// of the member routes (login cookie + X-WP-Nonce, application passwords), the errors that come before
// any upstream call, and api_error for upstreams that are down, silent or failing. The settings page:
// wordpress-settings.test.ts; the routes against a real loyaltykit server: wordpress-routes.test.ts.
// What the plugin sends upstream is read here, from the failing upstream's log.
const MEMBER_ROUTES = ['/loyalty/v1/checkin', '/loyalty/v1/redeem', '/loyalty/v1/claim-milestone'] as const
const PERK = '0b9a4c1e-6f0d-4b7a-9a57-3f1f3d8d2a10'

describe('loyaltykit plugin on WordPress: authentication and the errors before or without an upstream', () => {
  let wp: WordPress
  let member: WpSession
  let admin: WpSession
  let appPassword: string

  beforeAll(async () => {
    wp = await startWordPress()
    member = await WpSession.login(wp.url, wp.member.user, wp.member.password)
    await member.fetchNonce()
    admin = await WpSession.login(wp.url, wp.admin.user, wp.admin.password)
    await admin.fetchNonce()
  })
  afterAll(async () => {
    await wp?.stop()
  })

  it('serves the namespace loyalty/v1 with exactly the four routes and their methods', async () => {
    const index = await rest(wp.url, 'GET', '/loyalty/v1')
    expect(index.status).toBe(200)
    const routes = index.body.routes as Record<string, { methods: string[] }>
    expect(Object.keys(routes).sort()).toEqual([
      '/loyalty/v1',
      '/loyalty/v1/checkin',
      '/loyalty/v1/claim-milestone',
      '/loyalty/v1/leaderboard',
      '/loyalty/v1/redeem',
    ])
    for (const route of MEMBER_ROUTES) expect(routes[route]?.methods).toEqual(['POST'])
    expect(routes['/loyalty/v1/leaderboard']?.methods).toEqual(['GET'])
  })

  it('not_logged_in 401 without a login, with a login cookie but no X-WP-Nonce, and with a wrong application password', async () => {
    for (const route of MEMBER_ROUTES) {
      const anonymous = await rest(wp.url, 'POST', route, { body: { perkId: PERK, milestoneDays: 7 } })
      expectWpError(anonymous, 'not_logged_in', 'You must be logged in.')
      // WordPress treats a cookie without a nonce as logged out (CSRF protection): rest_cookie_check_errors.
      expectWpError(await rest(wp.url, 'POST', route, { session: member, nonce: false, body: {} }), 'not_logged_in')
    }
    const wrong = await rest(wp.url, 'POST', '/loyalty/v1/checkin', {
      auth: basicAuth(wp.member.user, 'not the password'),
    })
    expect(wrong.status).toBe(401)
  })

  it('a login cookie with a wrong nonce is refused by WordPress itself (rest_cookie_invalid_nonce 403)', async () => {
    const res = await rest(wp.url, 'POST', '/loyalty/v1/checkin', { session: member, nonce: '0123456789' })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ code: 'rest_cookie_invalid_nonce', data: { status: 403 } })
    // Another user's nonce is a wrong nonce for this session too.
    const foreign = await rest(wp.url, 'POST', '/loyalty/v1/checkin', { session: member, nonce: admin.nonce! })
    expect(foreign.body.code).toBe('rest_cookie_invalid_nonce')
  })

  it('missing_perk_id 400 and missing_milestone 400, for JSON and form bodies', async () => {
    for (const body of [{}, { perkId: '' }, { perkId: '   ' }, { perkId: 42 }, { perkId: null }]) {
      expectWpError(await rest(wp.url, 'POST', '/loyalty/v1/redeem', { session: member, body }), 'missing_perk_id')
    }
    for (const body of [
      {},
      { milestoneDays: '' },
      { milestoneDays: 'seven' },
      { milestoneDays: 0 },
      { milestoneDays: -7 },
    ]) {
      expectWpError(
        await rest(wp.url, 'POST', '/loyalty/v1/claim-milestone', { session: member, body }),
        'missing_milestone',
      )
    }
    const form = await member.request('/wp-json/loyalty/v1/redeem', {
      method: 'POST',
      headers: { 'x-wp-nonce': member.nonce! },
      body: new URLSearchParams({ other: 'x' }),
    })
    expect(form.status).toBe(400)
    expect(((await form.json()) as { code: string }).code).toBe('missing_perk_id')
  })

  it('not_configured 500 on every route (past authentication) while the URL, brand id or key is missing', async () => {
    const notConfigured = {
      code: 'not_configured',
      message: 'The loyalty plugin is not configured.',
      data: { status: 500 },
    }
    for (const route of MEMBER_ROUTES) {
      const res = await rest(wp.url, 'POST', route, { session: member, body: { perkId: PERK, milestoneDays: 7 } })
      expect({ status: res.status, body: res.body }).toEqual({ status: 500, body: notConfigured })
    }
    const board = await rest(wp.url, 'GET', '/loyalty/v1/leaderboard')
    expect({ status: board.status, body: board.body }).toEqual({ status: 500, body: notConfigured })
    // Two of the three are not enough.
    wp.setConstants({ LOYALTYKIT_API_URL: 'http://127.0.0.1:9', LOYALTYKIT_BRAND_ID: '0xbrand' })
    expect((await rest(wp.url, 'GET', '/loyalty/v1/leaderboard')).body.code).toBe('not_configured')
    wp.setConstants({})
  })

  it('application passwords: the member creates one over REST and uses it (Basic auth, no cookie, no nonce)', async () => {
    const created = await rest(wp.url, 'POST', '/wp/v2/users/me/application-passwords', {
      session: member,
      body: { name: 'loyaltykit test' },
    })
    expect(created.status).toBe(201)
    appPassword = created.body.password as string
    const res = await rest(wp.url, 'POST', '/loyalty/v1/checkin', { auth: basicAuth(wp.member.user, appPassword) })
    // Past the permission check: the member is authenticated; the plugin is not configured yet.
    expect(res.body.code).toBe('not_configured')
    const missing = await rest(wp.url, 'POST', '/loyalty/v1/redeem', {
      auth: basicAuth(wp.member.user, appPassword),
      body: {},
    })
    expect(missing.body.code).toBe('missing_perk_id')
  })

  it('api_error 500 when the upstream is unreachable, silent past the timeout, failing (5xx) or not JSON', async () => {
    const up = await startBrokenUpstreams()
    const key = 'lk_live_upstreamkey000000000000000000000000'
    try {
      const memberId = (await wp.php("echo get_user_by('login', 'member')->ID;")).trim()
      wp.setConstants({ LOYALTYKIT_API_URL: up.failingUrl, LOYALTYKIT_BRAND_ID: '0xb1', LOYALTYKIT_API_KEY: key })
      const failed = {
        code: 'api_error',
        message: 'The loyalty service failed. Please try again later.',
        data: { status: 500 },
      }
      for (const [route, body] of [
        ['/loyalty/v1/checkin', undefined],
        ['/loyalty/v1/redeem', { perkId: PERK }],
        ['/loyalty/v1/claim-milestone', { milestoneDays: 7 }],
      ] as const) {
        const res = await rest(wp.url, 'POST', route, { session: member, body })
        expect({ route, status: res.status, body: res.body }).toEqual({ route, status: 500, body: failed })
      }
      const board = await rest(wp.url, 'GET', '/loyalty/v1/leaderboard')
      expect({ status: board.status, body: board.body }).toEqual({ status: 500, body: failed })
      // What the plugin sent: the brand's key as a bearer token, the site user, the leaderboard's query.
      const checkin = up.received.find((r) => r.url === '/loyalty-api/site/checkin')
      expect(checkin?.method).toBe('POST')
      expect(checkin?.headers.authorization).toBe(`Bearer ${key}`)
      expect(JSON.parse(checkin?.body ?? '')).toEqual({
        user: { id: memberId, email: 'member@example.test', displayName: 'Member' },
      })
      expect(JSON.parse(up.received.find((r) => r.url.includes('claim-milestone'))?.body ?? '').milestoneDays).toBe(7)
      // A redemption: the member and the perk; the browser's Idempotency-Key scoped to the WordPress user
      // (every member shares the site's key upstream), a key that is not visible ASCII dropped.
      await rest(wp.url, 'POST', '/loyalty/v1/redeem', {
        session: member,
        body: { perkId: ` ${PERK} ` },
        headers: { 'Idempotency-Key': 'click-1' },
      })
      const redeem = up.received.at(-1)
      expect(redeem?.url).toBe('/loyalty-api/site/redeem')
      expect(JSON.parse(redeem?.body ?? '')).toEqual({
        user: { id: memberId, email: 'member@example.test', displayName: 'Member' },
        perkId: PERK,
      })
      expect(redeem?.headers['idempotency-key']).toBe(`wp-${memberId}-click-1`)
      await rest(wp.url, 'POST', '/loyalty/v1/redeem', {
        session: member,
        body: { perkId: PERK },
        headers: { 'Idempotency-Key': 'not visible ascii' },
      })
      expect(up.received.at(-1)?.url).toBe('/loyalty-api/site/redeem')
      expect(up.received.at(-1)?.headers).not.toHaveProperty('idempotency-key')
      // The same click still running upstream is no refusal (its outcome is unknown): api_error, so the
      // page keeps its key for the retry.
      const inUse = await rest(wp.url, 'POST', '/loyalty/v1/redeem', {
        session: member,
        body: { perkId: PERK },
        headers: { 'Idempotency-Key': 'click-1-in-use' },
      })
      expectWpError(inUse, 'api_error', 'The loyalty service is still working on this. Please try again in a moment.')
      expect(up.received.find((r) => r.url.includes('leaderboard'))?.url).toBe(
        '/loyalty-api/site/leaderboard?metric=rsnc_earned&period=week&limit=10',
      )

      wp.setConstants({ LOYALTYKIT_API_URL: up.closedUrl, LOYALTYKIT_BRAND_ID: '0xb1', LOYALTYKIT_API_KEY: key })
      const unreachable = await rest(wp.url, 'POST', '/loyalty/v1/checkin', { session: member })
      expect(unreachable.status).toBe(500)
      expect(unreachable.body).toMatchObject({
        code: 'api_error',
        message: 'The loyalty service cannot be reached. Please try again later.',
      })

      // A silent server: the call gives up after LOYALTYKIT_TIMEOUT (1 s here, 15 s by default).
      wp.setConstants({
        LOYALTYKIT_API_URL: up.silentUrl,
        LOYALTYKIT_BRAND_ID: '0xb1',
        LOYALTYKIT_API_KEY: key,
        LOYALTYKIT_TIMEOUT: 1,
      })
      const started = Date.now()
      const silent = await rest(wp.url, 'POST', '/loyalty/v1/checkin', { session: member })
      const elapsed = Date.now() - started
      expect(silent.status).toBe(500)
      expect(silent.body).toMatchObject({
        code: 'api_error',
        message: 'The loyalty service did not answer in time. Please try again.',
      })
      expect(elapsed).toBeGreaterThanOrEqual(900)
      expect(elapsed).toBeLessThan(10_000)
    } finally {
      wp.setConstants({})
      await up.close()
    }
  })

  it('left no PHP error, warning or notice from the plugin in debug.log', async () => {
    const ours = (await wp.debugLog()).split('\n').filter((line) => line.includes('wp-content/plugins/loyaltykit'))
    expect(ours).toEqual([])
  })
})
