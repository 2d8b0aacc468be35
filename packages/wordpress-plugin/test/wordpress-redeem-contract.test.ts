import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectWpError } from './helpers/expect-wp-error'
import { PERKS, startRedeemContractUpstream } from './helpers/redeem-contract-upstream'
import { startWordPress, type WordPress } from './helpers/wordpress'
import { rest, WpSession } from './helpers/wp-session'

// POST /wp-json/loyalty/v1/redeem on a real WordPress, against a stand-in that answers the upstream's
// redeem exactly as docs/site-plugin.md documents it (the loyaltykit server does not serve
// /loyalty-api/site/redeem yet; when it does, wordpress-routes.test.ts redeems against it and this
// stand-in goes). What is checked is the plugin's side: the request it sends, the success body it
// answers, each refusal as redeem_failed with its reason, a 404 of a perk versus a 404 of a route.

describe('POST /redeem on WordPress against the documented upstream redeem contract', () => {
  let wp: WordPress
  let up: Awaited<ReturnType<typeof startRedeemContractUpstream>>
  let member: WpSession
  let memberId: string
  const redeem = (body: unknown, headers?: Record<string, string>) =>
    rest(wp.url, 'POST', '/loyalty/v1/redeem', { session: member, body, ...(headers ? { headers } : {}) })

  beforeAll(async () => {
    ;[wp, up] = await Promise.all([startWordPress(), startRedeemContractUpstream()])
    wp.setConstants({
      LOYALTYKIT_API_URL: up.url,
      LOYALTYKIT_BRAND_ID: '0xb1',
      LOYALTYKIT_API_KEY: 'lk_live_redeemkey',
    })
    member = await WpSession.login(wp.url, wp.member.user, wp.member.password)
    await member.fetchNonce()
    memberId = (await wp.php("echo get_user_by('login', 'member')->ID;")).trim()
  })
  afterAll(async () => {
    await wp?.stop()
    await up?.close()
  })

  it('answers success, confirmationCode and the perk {id, name, cost, category}; sends the member, the perk and the key', async () => {
    const res = await redeem({ perkId: PERKS.coffee }, { 'Idempotency-Key': 'click-1' })
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: {
        success: true,
        confirmationCode: 'K7Q2-9XMD',
        perk: { id: PERKS.coffee, name: 'Free coffee', cost: 50, category: 'dining' },
      },
    })
    const sent = up.received.at(-1)!
    expect(sent.body).toEqual({
      user: { id: memberId, email: 'member@example.test', displayName: 'Member' },
      perkId: PERKS.coffee,
    })
    expect(sent.headers.authorization).toBe('Bearer lk_live_redeemkey')
    // The browser's key, scoped to the WordPress user (all members share the site's API key upstream).
    expect(sent.headers['idempotency-key']).toBe(`wp-${memberId}-click-1`)
    await redeem({ perkId: PERKS.coffee }, { 'Idempotency-Key': 'not a visible-ASCII key' })
    expect(up.received.at(-1)!.headers['idempotency-key']).toBeUndefined()
  })

  it('redeem_failed 400 with the reason for each refusal of the contract; a 404 of a perk is a refusal, of a route api_error', async () => {
    expectWpError(
      await redeem({ perkId: PERKS.spa }),
      'redeem_failed',
      'Insufficient balance: 10 points, the perk costs 5000',
    )
    expectWpError(await redeem({ perkId: PERKS.mug }), 'redeem_failed', 'This perk is sold out')
    expectWpError(await redeem({ perkId: PERKS.paused }), 'redeem_failed', 'This perk is paused')
    expectWpError(
      await redeem({ perkId: '00000000-0000-4000-8000-000000000000' }),
      'redeem_failed',
      'No perk with this id at this brand',
    )
    // The same server without the route (e.g. an API URL with a path): a configuration problem.
    wp.setConstants({
      LOYALTYKIT_API_URL: `${up.url}/api`,
      LOYALTYKIT_BRAND_ID: '0xb1',
      LOYALTYKIT_API_KEY: 'lk_live_redeemkey',
    })
    expectWpError(await redeem({ perkId: PERKS.coffee }), 'api_error', /does not offer the site API/)
  })
})
