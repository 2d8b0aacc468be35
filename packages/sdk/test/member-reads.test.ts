import { getMemberResponseSchema, listEventsResponseSchema, memberLedgerEntrySchema } from '@loyaltykit/engine/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MemberReadsFixture, seedMemberReads } from '../../server-express/test/helpers/member-reads-fixture'
import { startTestServer, type TestServer } from '../../server-express/test/helpers/start-test-server'
import { type TestDatabase, testDialects } from '../../server-express/test/helpers/test-databases'
import {
  AuthenticationError,
  BadRequestError,
  createLoyaltyClient,
  type LoyaltyClient,
  NotFoundError,
  type RewardEvent,
} from '../src/index'
import { expectWire } from './helpers/expect-wire'

// client.members and client.events.list against the real server (SQLite; the server's own tests
// cover PostgreSQL): one page when awaited, every item of every page when iterated.
const sqlite = testDialects.find((d) => d.dialect === 'sqlite')
if (!sqlite) throw new Error('no SQLite dialect')

describe('@loyaltykit/sdk member reads against the real server', () => {
  let db: TestDatabase
  let s: TestServer
  let f: MemberReadsFixture
  let a: LoyaltyClient
  let b: LoyaltyClient
  /** Counts the requests the client sends, by path. */
  const sent: string[] = []

  beforeAll(async () => {
    db = await sqlite.create()
    s = await startTestServer(db, { LOYALTYKIT_DUPLICATE_WINDOW_MS: '0', LOYALTYKIT_MINT_WAIT_MS: '0' })
    f = await seedMemberReads(s)
    const counting: typeof fetch = (input, init) => {
      sent.push(String(input))
      return fetch(input, init)
    }
    a = createLoyaltyClient({ baseUrl: s.base, apiKey: f.a.readKey, fetch: counting })
    b = createLoyaltyClient({ baseUrl: s.base, apiKey: f.b.apiKey })
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('members.retrieve: the member at the key’s brand; another brand’s member is a NotFoundError', async () => {
    const member = await a.members.retrieve('ann@example.com')
    expectWire(getMemberResponseSchema, member)
    expect(member).toMatchObject({ walletAddress: f.annWallet, balance: '164', totals: { earned: 150, entries: 17 } })
    expect((await b.members.retrieve(f.annWallet)).totals.earned).toBe(14)
    const refused = await b.members.retrieve('bob@example.com').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(NotFoundError)
    expect(refused).toMatchObject({ status: 404, code: 'MEMBER_NOT_FOUND' })
    const anonymous = createLoyaltyClient({ baseUrl: s.base, apiKey: 'lk_not-a-key' })
    await expect(anonymous.members.retrieve('ann@example.com')).rejects.toBeInstanceOf(AuthenticationError)
  })

  it('events.list: awaited, one page; for await, every event once across pages', async () => {
    const page = await a.events.list({ limit: 3 })
    expectWire(listEventsResponseSchema, page)
    expect(page.data).toHaveLength(3)
    expect(page.has_more).toBe(true)

    sent.length = 0
    const seen: RewardEvent[] = []
    for await (const e of a.events.list({ limit: 3 })) seen.push(e)
    expect(seen.map((e) => e.id).sort()).toEqual([...f.a.eventIds].sort())
    // 20 events at 3 a page: 7 requests, each with the limit, each after the first with a cursor.
    const lists = sent.filter((u) => u.includes('/loyalty-api/events'))
    expect(lists).toHaveLength(7)
    expect(lists.every((u) => u.includes('limit=3'))).toBe(true)
    expect(lists.slice(1).every((u) => u.includes('cursor='))).toBe(true)

    const reviews: string[] = []
    for await (const e of a.events.list({ type: 'custom_review', user: 'ann@example.com', limit: 1 })) {
      reviews.push(e.eventType)
    }
    expect(reviews).toEqual(['custom_review', 'custom_review', 'custom_review', 'custom_review'])
    expect(await a.events.list({ user: 'bob@example.com' }).autoPagingToArray({ limit: 100 })).toHaveLength(3)
    expect(await a.events.list({ limit: 2 }).autoPagingToArray({ limit: 5 })).toHaveLength(5)
    let taken = 0
    await a.events.list({ limit: 2 }).autoPagingEach(() => ++taken < 3)
    expect(taken).toBe(3)
    // B's key: B's events only.
    const atB: string[] = []
    for await (const e of b.events.list()) atB.push(e.id)
    expect(atB.sort()).toEqual([...f.b.eventIds].sort())
  })

  it('members.history: pages of ledger entries, followed by for await; a bad limit is a BadRequestError', async () => {
    const first = await a.members.history('ann@example.com', { limit: 5 })
    expect(first.data).toHaveLength(5)
    for (const entry of first.data) expectWire(memberLedgerEntrySchema, entry)
    const all: string[] = []
    for await (const entry of a.members.history('ann@example.com', { limit: 5 })) all.push(entry.id)
    expect(all).toHaveLength(17)
    expect(new Set(all).size).toBe(17)
    // Resuming from a cursor gives the rest.
    const rest: string[] = []
    for await (const entry of a.members.history('ann@example.com', { limit: 5, cursor: first.next_cursor ?? '' })) {
      rest.push(entry.id)
    }
    expect([...first.data.map((e) => e.id), ...rest]).toEqual(all)
    await expect(a.members.history('ann@example.com', { limit: 101 })).rejects.toBeInstanceOf(BadRequestError)
    const iterate = async () => {
      for await (const _ of a.events.list({ cursor: 'not-a-cursor' })) {
        // never reached
      }
    }
    await expect(iterate()).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' })
  })
})
