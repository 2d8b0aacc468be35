import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signatureHeaders } from '../../sdk/src/signing/signature-headers'
import { type AgentAnswer, type AgentCredentials, agentClient } from './helpers/agent-client'
import { postJson } from './helpers/post-json'
import { queryTestDatabase } from './helpers/query-test-database'
import { runCliHere } from './helpers/run-cli-here'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://shop.example'
const EMAIL = 'ann@example.com'

// The agent REST API over HTTP (docs/agent-api.md): the envelope and error shapes, signing (keys made
// by the CLI), rate limits per IP and per key held in the database, input bounds, and the first tools'
// answers on seeded data (brands, rules, a perk on chain, a reward in the ledger).
describe.each(testDialects)('agent API over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let call: ReturnType<typeof agentClient>
  let env: Record<string, string | undefined>
  let shopId: string
  let cafeId: string
  let wallet: string
  let agent: AgentCredentials

  const createKey = async (...flags: string[]): Promise<AgentCredentials> => {
    const run = await runCliHere(['agent-key', 'create', '--name', 'test agent', ...flags, '--json'], env)
    expect(run.code, run.stderr).toBe(0)
    const { id, secret } = run.json()
    return { keyId: id, secret }
  }

  beforeAll(async () => {
    db = await create()
    env = { LOYALTYKIT_DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl, NODE_ENV: 'test' }
    s = await startTestServer(db, {
      LOYALTYKIT_MINT_WAIT_MS: '20000',
      LOYALTYKIT_TRUST_PROXY: 'true',
      LOYALTYKIT_AGENT_PUBLIC_PER_MIN: '3',
    })
    call = agentClient(s.base)
    const engine = s.runtime.engine
    shopId = (await engine.brands.create({ name: 'Shop', websites: [SITE] })).brand.id
    cafeId = (await engine.brands.create({ name: 'Cafe', websites: [] })).brand.id
    await engine.rules.set({ brandId: shopId, eventType: 'purchase', rewardAmount: 80 })
    await engine.perks.create({ brandId: shopId, name: 'Coffee', price: 50, maxSupply: 10, category: 'dining' })
    const res = await postJson(s.base, '/loyalty-api/manual-event', {
      brandId: shopId,
      eventType: 'account_creation',
      userEmail: EMAIL,
      domain: 'shop.example',
    })
    const body = (await res.json()) as { walletAddress: string; transactionHash: string | null }
    expect(body.transactionHash).toMatch(/^0x/)
    wallet = body.walletAddress
    agent = await createKey('--tier', 'free')
  }, 180_000)
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('answers the spec envelope {data, meta: {tool, timestamp}} with the caller’s rate-limit window', async () => {
    const before = Date.now()
    const r = await call('GET', '/api/v1/network/info')
    expect(r.status).toBe(200)
    expect(Object.keys(r.body).sort()).toEqual(['data', 'meta'])
    expect(r.body.meta.tool).toBe('loyalty_agent_network_info')
    expect(Date.parse(r.body.meta.timestamp)).toBeGreaterThanOrEqual(before - 1000)
    const chain = s.runtime.chain as NonNullable<typeof s.runtime.chain>
    expect(r.body.data).toMatchObject({
      chainId: chain.chainId,
      chainKind: 'embedded',
      contracts: { pointsToken: chain.contracts.pointsToken.toLowerCase() },
      token: { decimals: 18 },
      exchangeRates: { tokensPerUsd: 1000 },
    })
    expect(r.headers.get('x-ratelimit-limit')).toBe('3')
    expect(r.headers.get('x-ratelimit-remaining')).toBe('2')
  })

  it('lists brands by name, paged; ignores unknown keys; refuses out-of-range values with per-field details', async () => {
    const all = await call('GET', '/api/v1/brands?foo=bar&timestamp=1')
    expect(all.status).toBe(200)
    expect(all.body.data.total).toBe(2)
    expect(all.body.data.brands.map((b: { name: string }) => b.name)).toEqual(['Cafe', 'Shop'])
    expect(all.body.data.brands[1]).toEqual({
      brandId: shopId,
      name: 'Shop',
      category: null,
      description: null,
      website: SITE,
      rewardEvents: 7,
      maxReward: 200,
      perkCount: 1,
    })
    const page = await call('GET', '/api/v1/brands?limit=1&offset=1')
    expect(page.body.data).toMatchObject({ total: 2, limit: 1, offset: 1, brands: [{ name: 'Shop' }] })
    expect((await call('GET', '/api/v1/brands?limit=200')).status).toBe(200)

    for (const [query, field] of [
      ['limit=201', 'limit'],
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['offset=-1', 'offset'],
      ['category=shoes', 'category'],
    ]) {
      const r = await call('GET', `/api/v1/brands?${query}`)
      expect(r.status, query).toBe(400)
      expect(r.body.error).toMatchObject({ code: 'validation', status: 400, message: 'Invalid input' })
      expect(r.body.error.details, query).toEqual([expect.objectContaining({ field })])
    }
  })

  it("answers a brand's program (rules, cashback) and its perks read from the chain; 404 and 400 in the agent shape", async () => {
    const r = await call('GET', `/api/v1/brands/${shopId.toUpperCase().replace('0X', '0x')}`)
    expect(r.status).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_brand_info')
    expect(r.body.data.brandId).toBe(shopId)
    expect(r.body.data.events).toHaveLength(7)
    expect(r.body.data.events).toContainEqual({
      eventId: 'account_creation',
      eventType: 'account_creation',
      rewardAmount: 100,
      maxClaims: 1,
      cooldownHours: 24,
    })
    // 80 tokens = $0.08 on a $100 purchase = 0.08 %.
    expect(r.body.data.cashback).toEqual({ purchaseReward: 80, percentAt100Usd: 0.08 })
    const cafe = await call('GET', `/api/v1/brands/${cafeId}`)
    expect(cafe.body.data.cashback).toEqual({ purchaseReward: 0, percentAt100Usd: 0 })

    const perks = await call('GET', `/api/v1/brands/${shopId}/perks`)
    expect(perks.status).toBe(200)
    expect(perks.body.data.perks).toEqual([
      expect.objectContaining({
        name: 'Coffee',
        brandId: shopId,
        category: 'dining',
        cost: 50,
        maxSupply: 10,
        claimed: 0,
        available: 10,
        maxPerUser: 0,
        isActive: true,
      }),
    ])
    expect((await call('GET', `/api/v1/brands/${shopId}/perks?category=retail`)).body.data.perks).toEqual([])

    const unknown = await call('GET', `/api/v1/brands/0x${'1'.repeat(40)}`)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toMatchObject({ code: 'not_found', status: 404 })
    const bad = await call('GET', '/api/v1/brands/nope')
    expect(bad.status).toBe(400)
    expect(bad.body.error.details).toEqual([expect.objectContaining({ field: 'brandId' })])
    const route = await call('GET', '/api/v1/no-such-tool')
    expect(route.status).toBe(404)
    expect(Object.keys(route.body)).toEqual(['error'])
    expect(route.body.error).toMatchObject({ code: 'not_found', status: 404 })
    const malformed = await fetch(`${s.base}/api/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"brandId":',
    })
    expect(malformed.status).toBe(400)
    expect(((await malformed.json()) as { error: unknown }).error).toMatchObject({ code: 'validation', status: 400 })
  })

  it("answers a user's balance (chain) and ledger totals to a signed request, by email or address", async () => {
    const path = `/api/v1/users/${encodeURIComponent(EMAIL)}/brands/${shopId}/balance`
    const r = await call('GET', path, { as: agent })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_user_balance')
    expect(r.body.data).toEqual({
      userId: EMAIL,
      brandId: shopId,
      walletAddress: wallet,
      balance: 100,
      totalEarned: 100,
      totalRedeemed: 0,
      pending: 0,
    })
    const byAddress = await call('GET', `/api/v1/users/${wallet}/brands/${shopId}/balance`, { as: agent })
    expect(byAddress.body.data).toMatchObject({ walletAddress: wallet, balance: 100, totalEarned: 100 })
    const atCafe = await call('GET', `/api/v1/users/${wallet}/brands/${cafeId}/balance`, { as: agent })
    expect(atCafe.body.data).toMatchObject({ balance: 100, totalEarned: 0 })
    const nobody = await call('GET', `/api/v1/users/nobody%40example.com/brands/${shopId}/balance`, { as: agent })
    expect(nobody.status).toBe(404)
    expect(nobody.body.error.code).toBe('not_found')
    const notEmail = await call('GET', `/api/v1/users/nobody/brands/${shopId}/balance`, { as: agent })
    expect(notEmail.status).toBe(400)
  })

  it('refuses missing, bad, stale, replayed and unknown signatures with 401 auth_required', async () => {
    const path = `/api/v1/users/${wallet}/brands/${shopId}/balance`
    const reason = (r: AgentAnswer) => r.body.error?.details?.reason
    const missing = await call('GET', path)
    expect(missing.status).toBe(401)
    expect(missing.body).toEqual({
      error: {
        message: 'This tool needs a signed request',
        code: 'auth_required',
        status: 401,
        details: expect.objectContaining({ reason: 'MISSING_SIGNATURE' }),
      },
    })
    const bad = await call('GET', path, { as: { ...agent, secret: `${agent.secret}x` } })
    expect([bad.status, reason(bad)]).toEqual([401, 'BAD_SIGNATURE'])
    const stale = await call('GET', path, { as: agent, timestamp: Math.floor(Date.now() / 1000) - 301 })
    expect([stale.status, reason(stale)]).toEqual([401, 'STALE_TIMESTAMP'])
    const future = await call('GET', path, { as: agent, timestamp: Math.floor(Date.now() / 1000) + 301 })
    expect([future.status, reason(future)]).toEqual([401, 'STALE_TIMESTAMP'])
    const unknown = await call('GET', path, { as: { ...agent, keyId: 'lak_000000000000000000000000' } })
    expect([unknown.status, reason(unknown)]).toEqual([401, 'UNKNOWN_AGENT_KEY'])
    const onlyKey = await call('GET', path, { headers: { 'x-loyalty-agent-key': agent.keyId } })
    expect([onlyKey.status, reason(onlyKey)]).toEqual([401, 'MISSING_SIGNATURE'])

    // A signature is accepted once (two identical requests signed in the same second need a nonce in
    // the query); it covers the path with its query: the same headers on another query are refused.
    const signed = await signatureHeaders(
      { type: 'agent', keyId: agent.keyId, secret: agent.secret },
      { method: 'GET', path: `${path}?nonce=1` },
    )
    const once = await call('GET', `${path}?nonce=1`, { headers: signed })
    expect(once.status).toBe(200)
    const replayed = await call('GET', `${path}?nonce=1`, { headers: signed })
    expect([replayed.status, reason(replayed)]).toEqual([401, 'REPLAYED_SIGNATURE'])
    const moved = await call('GET', `${path}?nonce=2`, { headers: signed })
    expect([moved.status, reason(moved)]).toEqual([401, 'BAD_SIGNATURE'])

    // A public tool verifies a signature when one is sent.
    const publicBad = await call('GET', '/api/v1/network/info', { as: { ...agent, secret: 'wrong' } })
    expect([publicBad.status, reason(publicBad)]).toEqual([401, 'BAD_SIGNATURE'])
  })

  it('keeps secrets encrypted at rest; a rotated key signs with its new secret only; a revoked key is refused', async () => {
    const key = await createKey('--tier', 'pro', '--brand', shopId)
    const rows = await queryTestDatabase<{ secret_ciphertext: string; tier: string; brand_scope: string }>(
      db,
      'select secret_ciphertext, tier, brand_scope from agent_keys where id = ?',
      [key.keyId],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.secret_ciphertext).not.toContain(key.secret)
    expect(rows[0]?.secret_ciphertext).not.toContain(key.secret.slice(4, 20))
    expect([rows[0]?.tier, JSON.parse(rows[0]?.brand_scope ?? 'null')]).toEqual(['pro', [shopId]])

    const path = `/api/v1/users/${wallet}/brands/${shopId}/balance`
    expect((await call('GET', path, { as: key })).status).toBe(200)
    const rotated = await runCliHere(['agent-key', 'rotate', '--id', key.keyId, '--json'], env)
    expect(rotated.code, rotated.stderr).toBe(0)
    const fresh = { keyId: key.keyId, secret: rotated.json().secret as string }
    expect(fresh.secret).not.toBe(key.secret)
    expect((await call('GET', path, { as: key })).status).toBe(401)
    expect((await call('GET', path, { as: fresh })).status).toBe(200)

    const listed = await runCliHere(['agent-key', 'list', '--json'], env)
    const entry = (listed.json() as Array<Record<string, unknown>>).find((k) => k.id === key.keyId)
    expect(entry).toMatchObject({ tier: 'pro', brandScope: [shopId], revokedAt: null })
    expect(entry?.lastUsedAt).toEqual(expect.any(Number))
    expect(listed.stdout).not.toContain(fresh.secret)
    expect(listed.stdout).not.toContain('ciphertext')

    expect((await runCliHere(['agent-key', 'revoke', '--id', key.keyId], env)).code).toBe(0)
    const refused = await call('GET', path, { as: fresh })
    expect([refused.status, refused.body.error.details.reason]).toEqual([401, 'UNKNOWN_AGENT_KEY'])
    expect((await runCliHere(['agent-key', 'revoke', '--id', key.keyId], env)).code).toBe(1)
    const after = await runCliHere(['agent-key', 'list', '--json'], env)
    expect((after.json() as Array<{ id: string }>).map((k) => k.id)).not.toContain(key.keyId)
  })

  it('limits public requests per IP and signed requests per key (its own rate), with 429 rate_limit and Retry-After', async () => {
    // Requests until the first 429; the window is a clock minute, so count only answers of the 429's window.
    async function untilLimited(send: (n: number) => Promise<AgentAnswer>) {
      const resets: string[] = []
      for (let i = 0; i < 12; i++) {
        const r = await send(i)
        if (r.status === 429)
          return { r, allowedInWindow: resets.filter((x) => x === r.headers.get('x-ratelimit-reset')).length }
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        resets.push(r.headers.get('x-ratelimit-reset') ?? '')
      }
      throw new Error('never limited')
    }
    const ip = '203.0.113.7'
    const byIp = await untilLimited(() => call('GET', '/api/v1/network/info', { ip }))
    expect(byIp.allowedInWindow).toBe(3)
    expect(byIp.r.body).toEqual({
      error: {
        message: 'Rate limit exceeded: 3 requests per minute per IP',
        code: 'rate_limit',
        status: 429,
        details: expect.objectContaining({ limit: 3 }),
      },
    })
    expect(Number(byIp.r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(byIp.r.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(byIp.r.headers.get('x-ratelimit-limit')).toBe('3')
    expect(byIp.r.headers.get('x-ratelimit-remaining')).toBe('0')
    // Another IP, and a signed request from the limited IP (counted per key), still pass.
    expect((await call('GET', '/api/v1/network/info')).status).toBe(200)
    const signedFromIp = await call('GET', '/api/v1/network/info', { ip, as: agent })
    expect(signedFromIp.status).toBe(200)
    expect(signedFromIp.headers.get('x-ratelimit-limit')).toBe('20')

    const slow = await createKey('--tier', 'free', '--rate', '2')
    const byKey = await untilLimited((n) =>
      call('GET', `/api/v1/users/${wallet}/brands/${shopId}/balance?nonce=${n}`, { as: slow }),
    )
    expect(byKey.allowedInWindow).toBe(2)
    expect(byKey.r.body.error).toMatchObject({
      code: 'rate_limit',
      status: 429,
      message: 'Rate limit exceeded: 2 requests per minute per agent key',
    })
    expect(byKey.r.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(byKey.r.headers.get('x-ratelimit-limit')).toBe('2')
  })

  it('refuses bad agent-key command lines with usage errors (exit 2) and unknown brands (exit 1)', async () => {
    const noTier = await runCliHere(['agent-key', 'create', '--name', 'x'], env)
    expect([noTier.code, noTier.stderr]).toEqual([2, expect.stringContaining('--tier is required')])
    const badTier = await runCliHere(['agent-key', 'create', '--name', 'x', '--tier', 'gold'], env)
    expect([badTier.code, badTier.stderr]).toEqual([
      2,
      expect.stringContaining('--tier must be one of free, pro, enterprise'),
    ])
    const badRate = await runCliHere(['agent-key', 'create', '--name', 'x', '--tier', 'free', '--rate', '0'], env)
    expect(badRate.code).toBe(1)
    const unknownBrand = await runCliHere(
      ['agent-key', 'create', '--name', 'x', '--tier', 'free', '--brand', `0x${'2'.repeat(40)}`],
      env,
    )
    expect([unknownBrand.code, unknownBrand.stderr]).toEqual([1, expect.stringContaining('not found')])
    const human = await runCliHere(
      ['agent-key', 'create', '--name', 'human', '--tier', 'enterprise', '--can-onboard'],
      env,
    )
    expect(human.code).toBe(0)
    expect(human.stdout).toMatch(/id: +lak_[0-9a-f]{24}/)
    expect(human.stdout).toMatch(/permissions: +canOnboard\n/)
    expect(human.stdout).toMatch(/^ {2}lks_[0-9a-f]{64}$/m)
  })
})
