import { randomBytes, randomUUID } from 'node:crypto'
import type { ListRewardEventsQuery, RewardEvent } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { toLedgerEntry } from '../src/ledger/record-ledger-entry'
import { testDatabases, useTestStorage } from './support/test-databases'

const T0 = 1_750_000_000_000
const address = () => `0x${randomBytes(20).toString('hex')}`

/** `EventStore.listByBrand`: the brand's reward events, newest first, keyset pages, each filter alone and together. */
describe.each(testDatabases())('reward events list on $dialect', (db) => {
  const t = useTestStorage(db)

  const brand = address()
  const other = address()
  const wallets = [address(), address(), address()]
  const users = ['ann@example.com', 'bob@example.com', 'cy@example.com']
  const types = ['purchase', 'account_creation']
  /** 40 events of the brand over 10 instants (4 per instant: ties broken by id), 5 of another brand. */
  const events: RewardEvent[] = Array.from({ length: 40 }, (_, i) => ({
    id: randomUUID(),
    brandId: brand,
    eventType: types[i % 2] as string,
    userKey: users[i % 3] as string,
    userEmail: users[i % 3] as string,
    walletAddress: wallets[i % 3] as string,
    rewardAmount: 10,
    source: null,
    domain: 'shop.example.com',
    channelId: null,
    metadata: null,
    mintJobId: i % 5 === 0 ? null : `job-${i}`,
    transactionHash: null,
    createdAt: T0 + Math.floor(i / 4) * 1000,
  }))
  const foreign: RewardEvent[] = Array.from({ length: 5 }, (_, i) => ({
    ...(events[i] as RewardEvent),
    id: randomUUID(),
    brandId: other,
  }))
  /** Newest first by (createdAt, id), as the list promises (ids compared as the database does: bytewise). */
  const newestFirst = (list: RewardEvent[]) =>
    [...list].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((e) => e.id)

  /** Every page of a query at `limit`; fails on a page larger than the limit. */
  const readAll = async (q: Omit<ListRewardEventsQuery, 'limit' | 'before' | 'brandId'>, limit: number) => {
    const ids: string[] = []
    let before: ListRewardEventsQuery['before']
    for (let pages = 0; pages < 100; pages++) {
      const page = await t.storage.events.listByBrand({ brandId: brand, ...q, limit, before })
      expect(page.events.length).toBeLessThanOrEqual(limit)
      ids.push(...page.events.map((e) => e.id))
      if (page.next === null) return ids
      before = page.next
    }
    throw new Error('more than 100 pages')
  }

  it('pages through every event of the brand once, newest first, whatever the page size', async () => {
    for (const e of [...events, ...foreign]) await t.storage.events.recordClaim(e, null)
    const expected = newestFirst(events)
    for (const limit of [1, 3, 4, 7, 40, 100]) expect(await readAll({}, limit)).toEqual(expected)
    const first = await t.storage.events.listByBrand({ brandId: brand, limit: 40 })
    expect(first.next).toBeNull()
    const none = await t.storage.events.listByBrand({ brandId: address(), limit: 10 })
    expect(none).toEqual({ events: [], next: null })
  })

  it('filters by type, user, wallet and [since, until), alone and together', async () => {
    const only = (f: (e: RewardEvent) => boolean) => newestFirst(events.filter(f))
    const since = T0 + 2000
    const until = T0 + 7000
    expect(await readAll({ eventType: 'purchase' }, 3)).toEqual(only((e) => e.eventType === 'purchase'))
    expect(await readAll({ userKey: 'bob@example.com' }, 3)).toEqual(only((e) => e.userKey === 'bob@example.com'))
    expect(await readAll({ walletAddress: wallets[2] }, 3)).toEqual(only((e) => e.walletAddress === wallets[2]))
    expect(await readAll({ since, until }, 3)).toEqual(only((e) => e.createdAt >= since && e.createdAt < until))
    expect(await readAll({ since }, 5)).toEqual(only((e) => e.createdAt >= since))
    const all = await readAll({ eventType: 'account_creation', userKey: 'ann@example.com', since, until: T0 + 9000 }, 2)
    expect(all).toEqual(
      only(
        (e) =>
          e.eventType === 'account_creation' &&
          e.userKey === 'ann@example.com' &&
          e.createdAt >= since &&
          e.createdAt < T0 + 9000,
      ),
    )
    expect(all.length).toBeGreaterThan(0)
  })

  it("carries the status of the event's reward entry in the ledger, null without one", async () => {
    const e = events[1] as RewardEvent
    await t.storage.ledger.record(
      toLedgerEntry({
        kind: 'reward',
        walletAddress: e.walletAddress,
        brandId: brand,
        amount: 10,
        sourceType: 'event',
        sourceId: e.id,
        mintJobId: e.mintJobId,
        status: 'failed',
        createdAt: e.createdAt,
        userKey: `email:${e.userEmail}`,
        snapshot: null,
      }),
    )
    const page = await t.storage.events.listByBrand({ brandId: brand, limit: 100 })
    expect(page.events).toHaveLength(40)
    const byId = new Map(page.events.map((x) => [x.id, x]))
    expect(byId.get(e.id)?.ledgerStatus).toBe('failed')
    expect(byId.get((events[2] as RewardEvent).id)?.ledgerStatus).toBeNull()
    expect(byId.get(e.id)).toMatchObject({ eventType: e.eventType, userEmail: e.userEmail, createdAt: e.createdAt })
  })
})
