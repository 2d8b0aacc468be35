import { pointsTokenAbi } from '@loyaltykit/contracts'
import { getContract } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://shop.example.com'
const DUPLICATE_WINDOW_MS = 1500

// A brand's website (CORS, verify-dns, sdk.js): event-handler-site-http.test.ts; a mint that outlasts
// the wait: event-handler-pending-http.test.ts.
describe.each(testDialects)('event handler over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string
  let apiKey: string

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${s.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const event = (over: Record<string, unknown> = {}) => ({
    brandId,
    eventType: 'account_creation',
    userEmail: 'ann@example.com',
    domain: 'shop.example.com',
    ...over,
  })
  const balanceOf = async (address: string) => {
    const chain = s.runtime.chain!
    const token = getContract({ address: chain.contracts.pointsToken, abi: pointsTokenAbi, client: chain.publicClient })
    return token.read.balanceOf([address as `0x${string}`])
  }

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, {
      LOYALTYKIT_MINT_WAIT_MS: '20000',
      LOYALTYKIT_DUPLICATE_WINDOW_MS: String(DUPLICATE_WINDOW_MS),
    })
    const { brand, keys } = await s.runtime.engine.brands.create({ name: 'Shop', websites: [SITE] })
    brandId = brand.id
    apiKey = keys.apiKey
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('serves event-config in the spec shape with caching headers', async () => {
    const res = await fetch(`${s.base}/loyalty-api/event-config?brandId=${brandId}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/)
    const body = await res.json()
    expect(body).toMatchObject({ success: true, brandId, count: 6 })
    expect(body.events).toHaveLength(6)
    expect(body).not.toHaveProperty('version')

    await s.runtime.engine.rules.set({ brandId, eventType: 'survey_xl', custom: true, rewardAmount: 3 })
    const after = await (await fetch(`${s.base}/loyalty-api/event-config?brandId=${brandId}`)).json()
    expect(after.count).toBe(7)
    expect(after.events.find((e: { isCustom: boolean }) => e.isCustom).eventId).toBe('custom_survey_xl')

    expect((await fetch(`${s.base}/loyalty-api/event-config`)).status).toBe(400)
    const unknown = await fetch(`${s.base}/loyalty-api/event-config?brandId=0x${'5'.repeat(40)}`)
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).success).toBe(false)
  })

  it('rewards a first event with a real mint and answers the spec fields', async () => {
    const res = await post('/loyalty-api/manual-event', event({ timestamp: Date.now(), extra: 1 }), {
      'x-api-version': 'v1',
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({
      success: true,
      rewardAmount: 100,
      eventType: 'account_creation',
      walletCreated: true,
      status: 'confirmed',
    })
    expect(body.eventId).toMatch(/^[0-9a-f-]{36}$/)
    expect(body.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(body.reward).toEqual({
      amount: 100,
      eventType: 'account_creation',
      walletAddress: body.walletAddress,
      transactionHash: body.transactionHash,
    })
    expect(await balanceOf(body.walletAddress)).toBe(100n * 10n ** 18n)

    const second = await (await post('/loyalty-api/manual-event', event({ eventType: 'newsletter_subscribe' }))).json()
    expect(second.walletCreated).toBe(false)
    expect(second.walletAddress).toBe(body.walletAddress)
  })

  it('answers 400 with per-field details, stripping control characters first', async () => {
    const res = await post('/loyalty-api/manual-event', { brandId: 'NOPE', eventType: 'bad-type!', userEmail: 'x' })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.success).toBe(false)
    expect(typeof body.error).toBe('string')
    expect(body.details.map((d: { field: string }) => d.field).sort()).toEqual(['brandId', 'eventType', 'userEmail'])
    const clean = await post(
      '/loyalty-api/manual-event',
      event({ userEmail: 'ctl\u0000@example.com', eventType: 'rate\u0007_experience' }),
    )
    expect(clean.status).toBe(200)
    expect((await clean.json()).eventType).toBe('rate_experience')
  })

  it('refuses unauthorized domains and a page claiming another site', async () => {
    const wrong = await post(
      '/loyalty-api/manual-event',
      event({ domain: 'evil.example.org', userEmail: 'd1@example.com' }),
    )
    expect(wrong.status).toBe(403)
    expect((await wrong.json()).error).toMatch(/evil\.example\.org/)
    const lying = await post('/loyalty-api/manual-event', event({ userEmail: 'd2@example.com' }), {
      origin: 'https://evil.example.org',
    })
    expect(lying.status).toBe(403)
    const sub = await post('/loyalty-api/manual-event', event({ domain: undefined, userEmail: 'd3@example.com' }), {
      origin: 'https://www.shop.example.com',
    })
    expect(sub.status).toBe(200)
  })

  it('answers 409 for a duplicate and 429 with rate-limit headers for cooldown and max claims', async () => {
    const engine = s.runtime.engine
    await engine.rules.set({ brandId, eventType: 'complete_survey', maxClaims: 3, cooldownHours: 24 })
    await engine.rules.set({ brandId, eventType: 'form_submit', maxClaims: 1, cooldownHours: 0 })
    const survey = event({ eventType: 'complete_survey', userEmail: 'r@example.com' })
    const form = event({ eventType: 'form_submit', userEmail: 'r@example.com' })
    const first = await (await post('/loyalty-api/manual-event', survey)).json()
    expect((await post('/loyalty-api/manual-event', form)).status).toBe(200)
    const dup = await post('/loyalty-api/manual-event', survey)
    expect(dup.status).toBe(409)
    expect((await dup.json()).details.existingEventId).toBe(first.eventId)

    await new Promise((r) => setTimeout(r, DUPLICATE_WINDOW_MS + 200))
    const cooldown = await post('/loyalty-api/manual-event', survey)
    expect(cooldown.status).toBe(429)
    const cb = await cooldown.json()
    expect(cb.error).toBe('Cooldown active')
    expect(cb.details).toMatchObject({ reason: 'cooldown', previousReward: first.eventId })
    expect(cb.details.cooldownSeconds).toBeGreaterThan(86_000)
    expect(typeof cb.details.message).toBe('string')
    expect(cooldown.headers.get('x-ratelimit-limit')).toBe('1')
    expect(cooldown.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(Number(cooldown.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000)
    expect(Number(cooldown.headers.get('retry-after'))).toBe(cb.details.cooldownSeconds)

    const max = await post('/loyalty-api/manual-event', form)
    expect(max.status).toBe(429)
    const mb = await max.json()
    expect(mb.error).toBe('Max claims reached')
    expect(mb.details).toMatchObject({ reason: 'max_claims_reached', totalClaims: 1, maxClaims: 1 })
    expect(max.headers.get('retry-after')).not.toBeNull()

    const voice = { ...form, metadata: { source: 'voice_claim' } }
    expect((await post('/loyalty-api/manual-event', voice)).status).toBe(429)
    const wrongKey = await post('/loyalty-api/manual-event', voice, { authorization: 'Bearer lk_wrong' })
    expect(wrongKey.status).toBe(401)
    const internal = await post('/loyalty-api/manual-event', voice, { authorization: `Bearer ${apiKey}` })
    expect(internal.status).toBe(200)
    const skip = await post('/loyalty-api/manual-event', { ...survey, metadata: { skip_cooldown: true } })
    expect(skip.status).toBe(200)
  })

  it('refuses a channel outside the rule and lists the allowed ones', async () => {
    await s.runtime.engine.rules.set({
      brandId,
      eventType: 'chat_hi',
      custom: true,
      rewardAmount: 1,
      channels: ['general'],
    })
    const res = await post(
      '/loyalty-api/manual-event',
      event({ eventType: 'custom_chat_hi', userEmail: 'c@example.com', channel_id: 'random' }),
    )
    expect(res.status).toBe(403)
    expect((await res.json()).details.allowedChannels).toEqual(['general'])
  })

  it('judges bulk events independently and refuses more than 100', async () => {
    const res = await post('/loyalty-api/bulk-events', {
      events: [
        event({ userEmail: 'b1@example.com' }),
        event({ userEmail: 'b1@example.com' }),
        event({ userEmail: 'b2@example.com', eventType: 'unknown_type' }),
        event({ userEmail: 'b3@example.com' }),
      ],
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ success: true, processed: 2, failed: 2 })
    expect(body.results.map((r: { success: boolean; code?: string }) => r.code ?? 'ok')).toEqual([
      'ok',
      'DUPLICATE_EVENT',
      'EVENT_TYPE_NOT_CONFIGURED',
      'ok',
    ])
    expect(body.results[0].transactionHash).toMatch(/^0x/)
    expect(body.results[3].transactionHash).toMatch(/^0x/)

    // Mints of one request share batches: the twenty events commit together, so one claim of the
    // minter takes them all and one transaction mints them.
    const twenty = await post('/loyalty-api/bulk-events', {
      events: Array.from({ length: 20 }, (_, i) => event({ userEmail: `batch${i}@example.com` })),
    })
    const hashes = (await twenty.json()).results.map((r: { transactionHash: string }) => r.transactionHash)
    expect(hashes.every((h: string) => /^0x[0-9a-f]{64}$/.test(h))).toBe(true)
    expect(new Set(hashes).size).toBe(1)
    const tooMany = await post('/loyalty-api/bulk-events', { events: Array.from({ length: 101 }, () => event()) })
    expect(tooMany.status).toBe(400)
  })

  it('lets exactly the allowed number of 200 concurrent identical requests through', async () => {
    const body = event({ eventType: 'subscribe_renewal', userEmail: 'race@example.com' })
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () => post('/loyalty-api/manual-event', body).then((r) => r.status)),
    )
    expect(statuses.filter((c) => c === 200)).toHaveLength(1)
    expect(statuses.filter((c) => c === 409 || c === 429)).toHaveLength(199)
  })
})
