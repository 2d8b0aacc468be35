import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MemberReadsFixture, seedMemberReads } from './helpers/member-reads-fixture'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

type Body = Record<string, unknown> & { data?: unknown; nextCursor?: unknown; error?: Record<string, unknown> }
type Answer = { status: number; body: Body }
const EXPLORER = 'https://explorer.example'

// The admin API's read routes (docs/admin-api.md#members and on) over real HTTP, on each database,
// over the member-reads seed (Ann 150 points and Bob 30 at Shop A, Ann 14 at Shop B, all confirmed):
// every figure by hand; another brand's key sees nothing of Shop A; a read key cannot create a perk.
describe.each(testDialects)('admin read routes over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let f: MemberReadsFixture
  let readKey: string
  let writeKey: string
  let otherKey: string

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, {
      LOYALTYKIT_DUPLICATE_WINDOW_MS: '0',
      LOYALTYKIT_MINT_WAIT_MS: '0',
      LOYALTYKIT_EXPLORER_URL: EXPLORER,
    })
    f = await seedMemberReads(s)
    const keys = s.runtime.engine.apiKeys
    readKey = (await keys.create({ brandId: f.a.brandId, scopes: ['admin:read'] })).apiKey
    writeKey = (await keys.create({ brandId: f.a.brandId, scopes: ['admin:write'] })).apiKey
    otherKey = (await keys.create({ brandId: f.b.brandId, scopes: ['admin:write'] })).apiKey
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  const call = async (method: string, path: string, key: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${s.base}/admin/v1/brands/${f.a.brandId}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, body: (await res.json()) as Body }
  }
  const data = (a: Answer) => {
    expect(a.status, JSON.stringify(a.body)).toBe(200)
    return a.body.data as Record<string, unknown> & Array<Record<string, unknown>>
  }
  const refusal = (a: Answer) => [a.status, a.body.error?.code]

  it('overview: today’s events and tokens, active members, top rules, no redemption', async () => {
    const o = data(await call('GET', '/overview?days=7', readKey))
    const days = o.days as Array<{ date: string; events: number; tokensIssued: number }>
    expect(days).toHaveLength(7)
    expect(days[6]).toEqual({ date: new Date().toISOString().slice(0, 10), events: 20, tokensIssued: 180 })
    expect(days.slice(0, 6).every((d) => d.events === 0 && d.tokensIssued === 0)).toBe(true)
    expect(o).toMatchObject({
      activeMembers: 2,
      topRules: [
        { eventType: 'custom_visit', events: 16, tokens: 160 },
        { eventType: 'custom_review', events: 4, tokens: 20 },
      ],
      redemptions: 0,
      redeemers: 0,
      redemptionRate: 0,
    })
    expect(refusal(await call('GET', '/overview?days=0', readKey))).toEqual([400, 'validation'])
  })

  it('pipeline: nothing waiting, the batches that minted the rewards confirmed', async () => {
    const p = data(await call('GET', '/pipeline', readKey))
    expect(p).toMatchObject({ queueDepth: 0, pending: 0, batched: 0, oldestPendingAgeMs: null })
    expect(p.lagMs).toEqual(expect.any(Number))
    const batches = p.lastBatches as Array<{ status: string; txHash: string; size: number }>
    expect(batches.length).toBeGreaterThan(0)
    for (const b of batches) expect(b).toMatchObject({ status: 'confirmed', txHash: expect.stringMatching(/^0x/) })
    // The 20 rewards of Shop A are in these batches (the newest 10 at most).
    expect(batches.reduce((n, b) => n + b.size, 0)).toBeGreaterThanOrEqual(Math.min(20, batches.length))
  })

  it('members: found by email, user key or address; one member with balance, totals and explorer links', async () => {
    for (const q of ['Ann@Example.com', 'email:ann@example.com', f.annWallet]) {
      const found = await call('GET', `/members?q=${encodeURIComponent(q)}`, readKey)
      expect(found.status).toBe(200)
      expect(found.body).toEqual({
        data: [
          expect.objectContaining({
            walletAddress: f.annWallet,
            userKey: 'email:ann@example.com',
            earned: 150,
            entries: 17,
          }),
        ],
        nextCursor: null,
      })
    }
    expect((await call('GET', '/members?q=nobody%40example.com', readKey)).body).toEqual({ data: [], nextCursor: null })
    expect(refusal(await call('GET', '/members', readKey))).toEqual([400, 'validation'])
    const ann = data(await call('GET', `/members/${encodeURIComponent('ann@example.com')}`, readKey))
    expect(ann).toMatchObject({ walletAddress: f.annWallet, email: 'ann@example.com', balance: '164' })
    expect(ann.totals).toMatchObject({ earned: 150, entries: 17, unconfirmed: 0 })
    const history = ann.history as Array<{ amount: number; transactionHash: string; explorerUrl: string }>
    expect(history).toHaveLength(17)
    expect(ann.historyNextCursor).toBeNull()
    for (const e of history) expect(e.explorerUrl).toBe(`${EXPLORER}/tx/${e.transactionHash}`)
    expect(history.reduce((n, e) => n + e.amount, 0)).toBe(150)
    const bob = data(await call('GET', `/members/${f.bobWallet}`, readKey))
    expect((bob.totals as { earned: number }).earned).toBe(30)
    expect(refusal(await call('GET', '/members/carol%40example.com', readKey))).toEqual([404, 'not_found'])
  })

  it('ledger: pages that neither repeat nor skip, by wallet and kind', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    for (let i = 0; i < 10; i++) {
      const page = await call('GET', `/ledger?limit=7${cursor ? `&cursor=${cursor}` : ''}`, readKey)
      expect(page.status).toBe(200)
      seen.push(...(page.body.data as Array<{ id: string }>).map((e) => e.id))
      cursor = page.body.nextCursor as string | null
      if (cursor === null) break
    }
    expect(seen).toHaveLength(20)
    expect(new Set(seen).size).toBe(20)
    const bob = await call('GET', `/ledger?wallet=${f.bobWallet}&kind=reward`, readKey)
    expect((bob.body.data as Array<{ amount: number }>).map((e) => e.amount)).toEqual([10, 10, 10])
    expect((await call('GET', '/ledger?kind=redemption', readKey)).body).toEqual({ data: [], nextCursor: null })
    for (const q of ['limit=201', 'kind=gift', 'cursor=nope!', 'wallet=0x1']) {
      expect(refusal(await call('GET', `/ledger?${q}`, readKey)), q).toEqual([400, 'validation'])
    }
  })

  it('rule preview: eligible now, or why not; writes nothing', async () => {
    const before = data(await call('GET', '/overview?days=1', readKey)).days
    const visit = data(await call('POST', '/rules/custom_visit/preview', readKey, { userEmail: 'ann@example.com' }))
    expect(visit).toEqual({
      eventType: 'custom_visit',
      userEmail: 'ann@example.com',
      eligible: true,
      rewardAmount: 10,
      reasons: [],
    })
    const unknown = data(await call('POST', '/rules/custom_nothing/preview', readKey, { userEmail: 'ann@example.com' }))
    expect(unknown).toMatchObject({ eligible: false, reasons: [{ code: 'unknown_event' }] })
    expect(refusal(await call('POST', '/rules/custom_visit/preview', readKey, {}))).toEqual([400, 'validation'])
    expect(data(await call('GET', '/overview?days=1', readKey)).days).toEqual(before)
  })

  it('perks: a write key creates one on chain (Idempotency-Key replays it), a read key lists it and may not create', async () => {
    expect(data(await call('GET', '/perks', readKey))).toEqual([])
    const body = { name: 'Free coffee', price: 25, maxPerUser: 1 }
    const res = await fetch(`${s.base}/admin/v1/brands/${f.a.brandId}/perks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json', 'idempotency-key': 'perk-1' },
      body: JSON.stringify(body),
    })
    const created = (await res.json()) as { data: Record<string, unknown> }
    expect(res.status, JSON.stringify(created)).toBe(200)
    expect(created.data).toMatchObject({
      brandId: f.a.brandId,
      name: 'Free coffee',
      price: '25',
      maxPerUser: 1,
      isActive: true,
    })
    const again = await fetch(`${s.base}/admin/v1/brands/${f.a.brandId}/perks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json', 'idempotency-key': 'perk-1' },
      body: JSON.stringify(body),
    })
    expect(((await again.json()) as { data: { id: string } }).data.id).toBe(created.data.id)
    const listed = await call('GET', '/perks', readKey)
    expect(listed.body).toEqual({ data: [created.data], nextCursor: null })
    expect(refusal(await call('POST', '/perks', readKey, { name: 'No', price: 1 }))).toEqual([403, 'forbidden'])
    expect(refusal(await call('POST', '/perks', writeKey, { name: '', price: -1 }))).toEqual([400, 'validation'])
  })

  it('another brand’s key: every read route of Shop A is a 404', async () => {
    for (const [method, path] of [
      ['GET', '/overview'],
      ['GET', '/pipeline'],
      ['GET', '/members?q=ann%40example.com'],
      ['GET', `/members/${f.annWallet}`],
      ['GET', '/ledger'],
      ['GET', '/perks'],
      ['POST', '/rules/custom_visit/preview'],
    ] as const) {
      const a = await call(method, path, otherKey, method === 'POST' ? { userEmail: 'ann@example.com' } : undefined)
      expect(refusal(a), path).toEqual([404, 'not_found'])
    }
  })
})
