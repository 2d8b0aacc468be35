import { AGENT_TOOLS } from '@loyaltykit/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../server-express/test/helpers/start-test-server'
import { type TestDatabase, testDialects } from '../../server-express/test/helpers/test-databases'
import {
  AuthenticationError,
  BadRequestError,
  createLoyaltyClient,
  type LoyaltyClient,
  NotFoundError,
  RateLimitError,
} from '../src/index'
import { signatureHeaders } from '../src/signing/signature-headers'

// client.agent against the real server (SQLite; the server's own agent suites cover PostgreSQL):
// typed per-tool methods and call(name, input), signing with a key made by the engine, the nonce that
// lets identical signed calls in the same second through, and the SDK's error classes.
const sqlite = testDialects.find((d) => d.dialect === 'sqlite')
if (!sqlite) throw new Error('no SQLite dialect')
const SITE = 'https://shop.example'

describe('@loyaltykit/sdk client.agent against the real server', () => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string
  let wallet: string
  let key: { keyId: string; secret: string }
  let anonymous: LoyaltyClient
  let agent: LoyaltyClient
  /** The paths the signed client sent. */
  const sent: string[] = []

  beforeAll(async () => {
    db = await sqlite.create()
    s = await startTestServer(db, { LOYALTYKIT_MINT_WAIT_MS: '20000' })
    const engine = s.runtime.engine
    const created = await engine.brands.create({ name: 'Shop', websites: [SITE] })
    brandId = created.brand.id
    await engine.rules.set({ brandId, eventType: 'purchase', rewardAmount: 80 })
    const trusted = createLoyaltyClient({ baseUrl: s.base, apiKey: created.keys.apiKey })
    const rewarded = await trusted.events.track({
      brandId,
      eventType: 'account_creation',
      userEmail: 'ann@example.com',
      domain: 'shop.example',
    })
    wallet = rewarded.walletAddress
    const made = await engine.agent.createKey({ name: 'sdk test', tier: 'free' })
    key = { keyId: made.key.id, secret: made.secret }
    anonymous = createLoyaltyClient({ baseUrl: s.base })
    agent = createLoyaltyClient({
      baseUrl: s.base,
      agentKeyId: key.keyId,
      agentSecret: key.secret,
      fetch: (url, init) => {
        sent.push(new URL(url).pathname + new URL(url).search)
        return fetch(url, init)
      },
    })
  }, 120_000)
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('has a method per tool of the registry, named after it, beside call()', () => {
    const methods = Object.keys(anonymous.agent).filter((k) => k !== 'call')
    const expected = AGENT_TOOLS.map((t) =>
      t.name.replace(/^loyalty_agent_/, '').replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
    )
    expect(methods.sort()).toEqual(expected.sort())
    expect(methods).toContain('brandInfo')
    // Typed from the registry: a required input cannot be left out, a tool's output fields are known.
    // @ts-expect-error brandId is required
    const missingInput = () => anonymous.agent.brandInfo()
    const typedOutput = async () => (await anonymous.agent.brandInfo({ brandId })).cashback.percentAt100Usd
    expect([typeof missingInput, typeof typedOutput]).toEqual(['function', 'function'])
  })

  it('public tools answer their data unsigned: typed methods and call(name, input)', async () => {
    const info = await anonymous.agent.networkInfo()
    expect(info.chainId).toBeGreaterThan(0)
    expect(info.exchangeRates.tokensPerUsd).toBe(1000)
    const list = await anonymous.agent.listBrands({ limit: 5 })
    expect(list.brands.map((b) => b.name)).toContain('Shop')
    expect(list.limit).toBe(5)
    const brand = await anonymous.agent.call('loyalty_agent_brand_info', { brandId: brandId.toUpperCase() })
    expect(brand.brandId).toBe(brandId)
    expect(brand.cashback).toEqual({ purchaseReward: 80, percentAt100Usd: 0.08 })
    const roi = await anonymous.agent.estimateRoi({ industry: 'retail', monthlyCustomers: 1000, averageOrderValue: 50 })
    expect(roi.roiPercent).toBe(334.78)
  })

  it('a signed tool: signed with the key, the email in the path encoded, the balance read', async () => {
    const balance = await agent.agent.userBalance({ userId: 'ann@example.com', brandId })
    expect(balance).toMatchObject({ walletAddress: wallet, totalEarned: 100, balance: 100 })
    expect(sent.at(-1)).toMatch(
      new RegExp(`^/api/v1/users/ann%40example\\.com/brands/${brandId}/balance\\?nonce=[0-9a-f-]{36}$`),
    )
  })

  it('identical signed calls in the same second both pass (a nonce per attempt); without one the server refuses the replay', async () => {
    const calls = await Promise.all(
      Array.from({ length: 5 }, () => agent.agent.userBalance({ userId: wallet, brandId })),
    )
    expect(calls.map((c) => c.walletAddress)).toEqual(Array(5).fill(wallet))
    const path = `/api/v1/users/${wallet}/brands/${brandId}/balance`
    const headers = await signatureHeaders({ type: 'agent', ...key }, { method: 'GET', path })
    const first = await fetch(`${s.base}${path}`, { headers })
    const replay = await fetch(`${s.base}${path}`, { headers })
    expect([first.status, replay.status]).toEqual([200, 401])
  })

  it('refusals are the SDK error classes: unsigned, bad secret, bad input, unknown user', async () => {
    await expect(anonymous.agent.userBalance({ userId: wallet, brandId })).rejects.toThrow(/agentKeyId/)
    const wrong = createLoyaltyClient({ baseUrl: s.base, agentKeyId: key.keyId, agentSecret: `${key.secret}x` })
    const unauthorized = await wrong.agent.userBalance({ userId: wallet, brandId }).catch((e: unknown) => e)
    expect(unauthorized).toBeInstanceOf(AuthenticationError)
    expect(unauthorized).toMatchObject({ status: 401, code: 'auth_required' })
    // A public tool signed on request is verified too.
    await expect(wrong.agent.networkInfo(undefined, { sign: true })).rejects.toBeInstanceOf(AuthenticationError)
    const invalid = await anonymous.agent.listBrands({ limit: 201 }).catch((e: unknown) => e)
    expect(invalid).toBeInstanceOf(BadRequestError)
    expect(invalid).toMatchObject({ status: 400, code: 'validation' })
    const unknown = await agent.agent.userBalance({ userId: 'nobody@example.com', brandId }).catch((e: unknown) => e)
    expect(unknown).toBeInstanceOf(NotFoundError)
  })

  it('a public call signed on request counts against the key: its rate limit, not the IP one', async () => {
    const limited = await s.runtime.engine.agent.createKey({ name: 'limited', tier: 'free', rateLimitPerMinute: 1 })
    const client = createLoyaltyClient({
      baseUrl: s.base,
      agentKeyId: limited.key.id,
      agentSecret: limited.secret,
      maxRetries: 0,
    })
    expect((await client.agent.networkInfo(undefined, { sign: true })).chainId).toBeGreaterThan(0)
    await expect(client.agent.networkInfo(undefined, { sign: true })).rejects.toBeInstanceOf(RateLimitError)
    expect((await client.agent.networkInfo()).chainId).toBeGreaterThan(0)
  })
})
