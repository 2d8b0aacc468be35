import { randomBytes, randomUUID } from 'node:crypto'
import { type ChainPort, createEngine, type Engine, isLoyaltyError, type LedgerEntry } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import type { RewardEvent } from '../src/ports/event-store'
import { entry } from './support/ledger-entry-fixture'
import { testDatabases, useTestStorage } from './support/test-databases'

const DAY = 86_400_000
const H = 3_600_000
const MIN = 60_000
/** "Now": 15:07 UTC on day 20,100, so today is a partial day. */
const NOW = 20_100 * DAY + 15 * H + 7 * MIN
const clock = { now: () => NOW }
const address = () => `0x${randomBytes(20).toString('hex')}`
const hash = () => `0x${randomBytes(32).toString('hex')}`
const EXPLORER = 'https://explorer.example'

const ANN = address()
const BOB = address()
const CAROL = address() // no custodial wallet: a member by address only
const ELSEWHERE = address() // a member of the other brand only

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => (isLoyaltyError(e) ? { code: e.code, category: e.category } : e),
  )

/**
 * The admin reads (issue 17 point 2; docs/admin-api.md) over a seeded brand, on SQLite and
 * PostgreSQL: every figure below is counted by hand from the seed.
 */
describe.each(testDatabases())('admin reads on $dialect', (db) => {
  const t = useTestStorage(db)
  let engine: Engine
  let brand: string
  let other: string

  const event = (p: { brandId: string; wallet: string; email: string; type: string; amount: number; at: number }) =>
    ({
      id: randomUUID(),
      brandId: p.brandId,
      eventType: p.type,
      userKey: p.email,
      userEmail: p.email,
      walletAddress: p.wallet,
      rewardAmount: p.amount,
      source: null,
      domain: null,
      channelId: null,
      metadata: null,
      mintJobId: null,
      transactionHash: null,
      createdAt: p.at,
    }) satisfies RewardEvent

  it('seeds two brands, wallets, events and ledger entries', async () => {
    const { keyVault } = createTestContext(t.storage)
    engine = createEngine({
      storage: t.storage,
      keyVault,
      clock,
      chain: { explorerUrl: `${EXPLORER}/` } as unknown as ChainPort,
    })
    brand = (await engine.brands.create({ name: 'Admin Reads', websites: [] })).brand.id
    other = (await engine.brands.create({ name: 'Other', websites: [] })).brand.id
    for (const [wallet, owner] of [
      [ANN, 'email:ann@example.com'],
      [BOB, 'email:bob@example.com'],
    ] as const) {
      await t.storage.wallets.insertIfAbsent({
        id: randomUUID(),
        address: wallet,
        ownerKey: owner,
        encryptedKey: 'x',
        createdAt: NOW,
      })
    }
    const events = [
      event({
        brandId: brand,
        wallet: ANN,
        email: 'ann@example.com',
        type: 'account_creation',
        amount: 100,
        at: NOW - H,
      }),
      event({
        brandId: brand,
        wallet: BOB,
        email: 'bob@example.com',
        type: 'form_submit',
        amount: 10,
        at: NOW - 2 * H,
      }),
      event({ brandId: brand, wallet: ANN, email: 'ann@example.com', type: 'form_submit', amount: 10, at: NOW - DAY }),
      event({
        brandId: brand,
        wallet: CAROL,
        email: 'carol@example.com',
        type: 'rate_experience',
        amount: 50,
        at: NOW - 3 * DAY,
      }),
      event({
        brandId: brand,
        wallet: BOB,
        email: 'bob@example.com',
        type: 'complete_survey',
        amount: 75,
        at: NOW - 10 * DAY,
      }),
      event({
        brandId: other,
        wallet: ANN,
        email: 'ann@example.com',
        type: 'account_creation',
        amount: 999,
        at: NOW - H,
      }),
    ]
    for (const e of events) expect(await t.storage.events.recordClaim(e, null)).toBe(true)
    const entries: LedgerEntry[] = [
      { ...entry({ wallet: ANN, brand, amount: 100, at: NOW - H }), txHash: hash(), blockNumber: 7 },
      entry({ wallet: BOB, brand, amount: 10, at: NOW - 2 * H, status: 'pending' }),
      entry({ wallet: ANN, brand, kind: 'redemption', amount: -30, at: NOW - 30 * MIN }),
      entry({ wallet: BOB, brand, kind: 'redemption', amount: -5, at: NOW - 20 * DAY }),
      entry({ wallet: CAROL, brand, amount: 50, at: NOW - 3 * DAY }),
      entry({ wallet: ELSEWHERE, brand: other, amount: 999, at: NOW - H }),
    ]
    expect(await t.storage.ledger.recordMany(entries)).toBe(entries.length)
  })

  it('overview: events and tokens per day, active members, top rules and redemption rate of the window', async () => {
    const o = await engine.brands.overview({ brandId: brand, days: 7 })
    expect(o.since).toBe(new Date(20_094 * DAY).toISOString())
    expect(o.until).toBe(new Date(20_101 * DAY).toISOString())
    expect(o.days.map((d) => [d.date, d.events, d.tokensIssued])).toEqual([
      [new Date(20_094 * DAY).toISOString().slice(0, 10), 0, 0],
      [new Date(20_095 * DAY).toISOString().slice(0, 10), 0, 0],
      [new Date(20_096 * DAY).toISOString().slice(0, 10), 0, 0],
      [new Date(20_097 * DAY).toISOString().slice(0, 10), 1, 50],
      [new Date(20_098 * DAY).toISOString().slice(0, 10), 0, 0],
      [new Date(20_099 * DAY).toISOString().slice(0, 10), 1, 10],
      [new Date(20_100 * DAY).toISOString().slice(0, 10), 2, 110],
    ])
    expect(o.activeMembers).toBe(3)
    expect(o.topRules).toEqual([
      { eventType: 'form_submit', events: 2, tokens: 20 },
      { eventType: 'account_creation', events: 1, tokens: 100 },
      { eventType: 'rate_experience', events: 1, tokens: 50 },
    ])
    expect({ redemptions: o.redemptions, redeemers: o.redeemers, rate: o.redemptionRate }).toEqual({
      redemptions: 1,
      redeemers: 1,
      rate: 0.3333,
    })
    // 30 days: Bob's survey (10 days ago) and his old redemption (20 days ago) come in.
    const month = await engine.brands.overview({ brandId: brand })
    expect(month.days).toHaveLength(30)
    expect(month.days.reduce((n, d) => n + d.events, 0)).toBe(5)
    expect(month.activeMembers).toBe(3)
    expect([month.redemptions, month.redeemers, month.redemptionRate]).toEqual([2, 2, 0.6667])
    expect(await failure(engine.brands.overview({ brandId: brand, days: 91 }))).toEqual({
      code: 'VALIDATION_FAILED',
      category: 'invalid_request',
    })
    expect(await failure(engine.brands.overview({ brandId: address() }))).toMatchObject({ code: 'BRAND_NOT_FOUND' })
  })

  it('ledger: the brand’s entries newest first in pages, by kind or wallet, with explorer links', async () => {
    const first = await engine.ledger.list({ brandId: brand, limit: 2 })
    expect(first.data.map((e) => [e.walletAddress, e.amount])).toEqual([
      [ANN, -30],
      [ANN, 100],
    ])
    expect(first.data[1]?.explorerUrl).toBe(`${EXPLORER}/tx/${first.data[1]?.transactionHash}`)
    expect(first.data[0]?.explorerUrl).toBeNull()
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = await engine.ledger.list({ brandId: brand, limit: 2, cursor: first.nextCursor as string })
    expect(second.data.map((e) => [e.walletAddress, e.amount, e.status])).toEqual([
      [BOB, 10, 'pending'],
      [CAROL, 50, 'confirmed'],
    ])
    const third = await engine.ledger.list({ brandId: brand, limit: 2, cursor: second.nextCursor as string })
    expect(third).toMatchObject({ data: [{ walletAddress: BOB, amount: -5 }], nextCursor: null })
    const redemptions = await engine.ledger.list({ brandId: brand, kind: 'redemption' })
    expect(redemptions.data.map((e) => e.amount)).toEqual([-30, -5])
    const ann = await engine.ledger.list({ brandId: brand, wallet: ANN.toUpperCase().replace('0X', '0x') })
    expect(ann.data.map((e) => [e.kind, e.userKey])).toEqual([
      ['redemption', 'email:ann@example.com'],
      ['reward', 'email:ann@example.com'],
    ])
    expect((await engine.ledger.list({ brandId: other })).data.map((e) => e.walletAddress)).toEqual([ELSEWHERE])
    for (const bad of [{ limit: 201 }, { limit: 0 }, { cursor: 'garbage!' }, { kind: 'gift' }, { wallet: '0x12' }]) {
      expect(await failure(engine.ledger.list({ brandId: brand, ...bad } as never))).toMatchObject({
        category: 'invalid_request',
      })
    }
  })

  it('member search: by email, user key or address, at this brand only', async () => {
    const ann = await engine.members.search({ brandId: brand, q: ' ANN@example.com ' })
    expect(ann).toEqual({
      data: [
        {
          walletAddress: ANN,
          userKey: 'email:ann@example.com',
          earned: 100,
          redeemed: 30,
          entries: 2,
          firstActivityAt: new Date(NOW - H).toISOString(),
          lastActivityAt: new Date(NOW - 30 * MIN).toISOString(),
        },
      ],
      nextCursor: null,
    })
    expect((await engine.members.search({ brandId: brand, q: 'email:bob@example.com' })).data[0]).toMatchObject({
      walletAddress: BOB,
      earned: 10,
      redeemed: 5,
    })
    expect((await engine.members.search({ brandId: brand, q: CAROL })).data[0]).toMatchObject({
      walletAddress: CAROL,
      userKey: null,
    })
    // A member of the other brand, someone unknown, garbage: no match, and no hint.
    for (const q of [ELSEWHERE, 'dave@example.com', 'oauth:discord:1', 'not a member']) {
      expect(await engine.members.search({ brandId: brand, q })).toEqual({ data: [], nextCursor: null })
    }
    expect(await failure(engine.members.search({ brandId: brand, q: ' ' }))).toMatchObject({
      category: 'invalid_request',
    })
  })
})
