import {
  getMemberResponseSchema,
  listEventsResponseSchema,
  listMemberHistoryResponseSchema,
} from '@loyaltykit/engine/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MemberReadsFixture, seedMemberReads } from './helpers/member-reads-fixture'
import { queryTestDatabase } from './helpers/query-test-database'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

type Page = { data: Array<Record<string, unknown> & { id: string }>; has_more: boolean; next_cursor: string | null }

// Member reads for brand backends (docs/api/members.md, member-history.md, list-events.md) over real
// HTTP, on each database: who may read (the brand's API key), what another brand sees (nothing of
// this one), pages that neither repeat nor skip, the filters, and every bad input a 400.
describe.each(testDialects)('member reads over HTTP on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let f: MemberReadsFixture

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_DUPLICATE_WINDOW_MS: '0', LOYALTYKIT_MINT_WAIT_MS: '0' })
    f = await seedMemberReads(s)
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  const get = async (path: string, key?: string) => {
    const res = await fetch(
      `${s.base}${path}`,
      key === undefined ? {} : { headers: { authorization: `Bearer ${key}` } },
    )
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> }
  }
  /** Every page of a list at `limit`, following next_cursor; each page answered 200 with at most `limit` items. */
  const readAll = async (path: string, key: string, limit: number) => {
    const items: Page['data'] = []
    let cursor: string | null = null
    for (let pages = 1; pages <= 50; pages++) {
      const sep = path.includes('?') ? '&' : '?'
      const r = await get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, key)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const page = r.body as unknown as Page
      expect(page.data.length).toBeLessThanOrEqual(limit)
      expect(page.has_more).toBe(page.next_cursor !== null)
      items.push(...page.data)
      if (!page.next_cursor) return { items, pages }
      cursor = page.next_cursor
    }
    throw new Error('more than 50 pages')
  }
  const ids = (items: Page['data']) => items.map((i) => i.id)
  const sorted = (list: string[]) => [...list].sort()

  it('refuses a missing, unknown, revoked or unscoped key, and a brandId that is not the key’s', async () => {
    const paths = [
      '/loyalty-api/members/ann@example.com',
      '/loyalty-api/members/ann@example.com/history',
      '/loyalty-api/events',
    ]
    for (const path of paths) {
      expect(await get(path)).toMatchObject({ status: 401, body: { code: 'API_KEY_REQUIRED' } })
      expect(await get(path, 'lk_not-a-key')).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } })
      expect(await get(path, f.a.dnsKey)).toMatchObject({ status: 403, body: { code: 'API_KEY_SCOPE_MISSING' } })
      const sep = path.includes('?') ? '&' : '?'
      expect(await get(`${path}${sep}brandId=${f.b.brandId}`, f.a.apiKey)).toMatchObject({
        status: 403,
        body: { code: 'API_KEY_BRAND_MISMATCH' },
      })
      // A members_read key reads; its brandId may be named.
      expect((await get(`${path}${sep}brandId=${f.a.brandId}`, f.a.readKey)).status).toBe(200)
    }
    const extra = await s.runtime.engine.apiKeys.create({ brandId: f.a.brandId, scopes: ['members_read'] })
    expect((await get(paths[0] as string, extra.apiKey)).status).toBe(200)
    await s.runtime.engine.apiKeys.revoke({ id: extra.record.id })
    expect(await get(paths[0] as string, extra.apiKey)).toMatchObject({
      status: 401,
      body: { code: 'INVALID_API_KEY' },
    })
  })

  it('answers a member by email or address with its wallet, balance and totals at this brand only', async () => {
    const byEmail = await get('/loyalty-api/members/Ann@Example.com', f.a.apiKey)
    expect(byEmail.status).toBe(200)
    expect(byEmail.headers.get('cache-control')).toBe('no-store')
    const member = getMemberResponseSchema.parse(byEmail.body)
    expect(member).toEqual(byEmail.body)
    expect(member).toMatchObject({
      brandId: f.a.brandId.toLowerCase(),
      walletAddress: f.annWallet,
      email: 'ann@example.com',
      // On chain: every brand's points (150 at A + 14 at B).
      balance: '164',
      balanceWei: (164n * 10n ** 18n).toString(),
      totals: { earned: 150, bought: 0, redeemed: 0, clawedBack: 0, unconfirmed: 0, entries: 17 },
    })
    expect(Date.parse(member.firstActivityAt)).toBeLessThanOrEqual(Date.parse(member.lastActivityAt))
    const byAddress = await get(`/loyalty-api/members/${f.annWallet.toUpperCase().replace('0X', '0x')}`, f.a.apiKey)
    expect(byAddress.body).toEqual({ ...byEmail.body, email: null })

    // Brand B sees Ann's activity at B only; Bob never was B's member: the same 404 as a stranger.
    const atB = await get('/loyalty-api/members/ann@example.com', f.b.apiKey)
    expect(atB.body).toMatchObject({ brandId: f.b.brandId.toLowerCase(), totals: { earned: 14, entries: 2 } })
    for (const who of ['bob@example.com', f.bobWallet]) {
      expect(await get(`/loyalty-api/members/${who}`, f.b.apiKey)).toMatchObject({
        status: 404,
        body: { code: 'MEMBER_NOT_FOUND' },
      })
      expect(await get(`/loyalty-api/members/${who}/history`, f.b.apiKey)).toMatchObject({
        status: 404,
        body: { code: 'MEMBER_NOT_FOUND' },
      })
    }
    expect((await get('/loyalty-api/members/nobody@example.com', f.a.apiKey)).status).toBe(404)
    expect(await get('/loyalty-api/members/not-an-email', f.a.apiKey)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    })
  })

  it('pages through a member’s history at the brand without repeating or skipping an entry', async () => {
    const rows = await queryTestDatabase<{ id: string }>(
      db,
      'SELECT id FROM ledger_entries WHERE brand_id = ? AND wallet_address = ?',
      [f.a.brandId.toLowerCase(), f.annWallet],
    )
    expect(rows).toHaveLength(17)
    for (const limit of [1, 5, 17, 100]) {
      const { items, pages } = await readAll('/loyalty-api/members/ann@example.com/history', f.a.readKey, limit)
      expect(ids(items)).toHaveLength(17)
      expect(sorted(ids(items))).toEqual(sorted(rows.map((r) => r.id)))
      expect(pages).toBe(Math.max(1, Math.ceil(17 / limit)))
      const times = items.map((i) => Date.parse(i.createdAt as string))
      expect(times).toEqual([...times].sort((x, y) => y - x))
    }
    const first = await get('/loyalty-api/members/ann@example.com/history?limit=3', f.a.apiKey)
    expect(listMemberHistoryResponseSchema.parse(first.body)).toEqual(first.body)
    const entry = (first.body as unknown as Page).data[0]
    expect(entry).toMatchObject({ kind: 'reward', status: 'confirmed', source: { type: 'event' } })
    expect(f.a.eventIds).toContain((entry?.source as { id: string } | undefined)?.id)
    // At B: only B's two entries.
    const atB = await readAll('/loyalty-api/members/ann@example.com/history', f.b.apiKey, 100)
    expect(atB.items.map((i) => (i.source as { id: string }).id).sort()).toEqual(sorted(f.b.eventIds))
  })

  it('lists the brand’s events with cursor pages, no repeat, no gap, never another brand’s', async () => {
    for (const limit of [1, 7, 20, 100]) {
      const { items } = await readAll('/loyalty-api/events', f.a.apiKey, limit)
      expect(sorted(ids(items))).toEqual(sorted(f.a.eventIds))
    }
    const page = await get('/loyalty-api/events?limit=2', f.a.apiKey)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(listEventsResponseSchema.parse(page.body)).toEqual(page.body)
    expect((page.body as unknown as Page).data[0]).toMatchObject({
      status: 'confirmed',
      rewardAmount: expect.any(Number),
    })
    const { items: atB } = await readAll('/loyalty-api/events', f.b.apiKey, 100)
    expect(sorted(ids(atB))).toEqual(sorted(f.b.eventIds))
  })

  it('filters the events by type, user (email or wallet) and time', async () => {
    const count = async (query: string, key = f.a.apiKey) =>
      (await readAll(`/loyalty-api/events?${query}`, key, 4)).items
    expect(await count('type=custom_review')).toHaveLength(4)
    expect((await count('type=custom_visit')).every((e) => e.eventType === 'custom_visit')).toBe(true)
    expect(await count('type=custom_visit')).toHaveLength(16)
    expect(await count('user=bob@example.com')).toHaveLength(3)
    expect(await count(`user=${f.annWallet}`)).toHaveLength(17)
    expect(await count('user=ann@example.com&type=custom_review')).toHaveLength(4)
    expect(await count('user=bob@example.com', f.b.apiKey)).toHaveLength(0)
    // Bob's events moved to 2025-01-01 12:00 UTC.
    await queryTestDatabase(db, 'UPDATE reward_events SET created_at = ? WHERE user_key = ?', [
      Date.parse('2025-01-01T12:00:00Z'),
      'bob@example.com',
    ])
    const bob = await count('since=2025-01-01&until=2025-01-02')
    expect(bob.map((e) => e.userEmail)).toEqual(['bob@example.com', 'bob@example.com', 'bob@example.com'])
    expect(await count('until=2025-01-01T12:00:00Z')).toHaveLength(0)
    expect(await count('since=2025-01-01T12:00:00%2B00:00&until=2025-01-01T12:00:00.001Z')).toHaveLength(3)
    expect(await count('since=2025-01-02')).toHaveLength(17)
  })

  it('answers 400 to a limit out of 1..100, a cursor it did not make and a bad filter', async () => {
    const bad = [
      '/loyalty-api/events?limit=101',
      '/loyalty-api/events?limit=0',
      '/loyalty-api/events?limit=abc',
      '/loyalty-api/events?cursor=garbage!',
      `/loyalty-api/events?cursor=${Buffer.from('1.x').toString('base64url')}x`,
      '/loyalty-api/events?since=yesterday',
      '/loyalty-api/events?since=2025-01-02&until=2025-01-01',
      '/loyalty-api/events?user=not-an-email',
      '/loyalty-api/members/ann@example.com/history?limit=101',
      '/loyalty-api/members/ann@example.com/history?cursor=bm90LWEtY3Vyc29y',
    ]
    for (const path of bad) {
      const r = await get(path, f.a.apiKey)
      expect(r.status, path).toBe(400)
      expect(r.body.code, path).toBe('VALIDATION_FAILED')
    }
    expect((await get('/loyalty-api/events?limit=100', f.a.apiKey)).status).toBe(200)
  })
})
