import { randomBytes, randomUUID } from 'node:crypto'
import type { LedgerEntry } from '@loyaltykit/engine'
import { afterAll, beforeAll } from 'vitest'
import { agentClient } from './agent-client'
import { startTestServer, type TestServer } from './start-test-server'
import type { TestDatabase, TestDialect } from './test-databases'

const DAY = 86_400_000

/**
 * A reward event to seed: brand index, user index, type, reward, days before now (minus an hour);
 * optionally its email (default `user<n>@example.com`), domain and metadata (default null).
 */
export type SeededEvent = {
  brand: number
  user: number
  eventType: string
  reward: number
  daysAgo: number
  email?: string
  domain?: string
  metadata?: Record<string, unknown>
}
/** A perk redemption to seed (a ledger `redemption` entry of −price); `collection` null: the brand's first perk. */
export type SeededRedemption = { brand: number; user: number; collectionId: number; price: number; daysAgo: number }

/** What an analytics suite runs against; filled in its beforeAll. */
export type AnalyticsWorld = {
  db: TestDatabase
  s: TestServer
  call: ReturnType<typeof agentClient>
  /** Epoch ms the seed counts back from. */
  now: number
  brandIds: string[]
  wallets: string[]
  /** When `daysAgo` is: now − daysAgo days − 1 hour (clear of every window edge). */
  at(daysAgo: number): number
}

/**
 * The whole server on a fresh database of `dialect` (X-Forwarded-For trusted: each call from a fresh
 * IP), with `brands` created by name (websites `https://<name>.example`), then `setup` (rules, perks:
 * anything through the engine), then `events` written to reward_events with their ledger `reward`
 * entries and `redemptions` as ledger `redemption` entries, all at chosen times in the past.
 */
export function useAnalyticsWorld(
  dialect: TestDialect,
  seed: {
    brands: string[]
    users: number
    setup?: (w: AnalyticsWorld) => Promise<void>
    events: SeededEvent[]
    redemptions: (w: AnalyticsWorld) => SeededRedemption[]
  },
): AnalyticsWorld {
  const w = {} as AnalyticsWorld
  beforeAll(async () => {
    w.db = await dialect.create()
    w.s = await startTestServer(w.db, { LOYALTYKIT_TRUST_PROXY: 'true', LOYALTYKIT_AGENT_PUBLIC_PER_MIN: '1000' })
    w.call = agentClient(w.s.base)
    w.now = Date.now()
    w.at = (daysAgo) => w.now - daysAgo * DAY - 3_600_000
    const engine = w.s.runtime.engine
    w.brandIds = []
    for (const name of seed.brands) {
      const websites = [`https://${name.toLowerCase()}.example`]
      w.brandIds.push((await engine.brands.create({ name, websites })).brand.id)
    }
    w.wallets = Array.from({ length: seed.users }, () => `0x${randomBytes(20).toString('hex')}`)
    await seed.setup?.(w)
    const storage = w.s.runtime.storage
    const entries: LedgerEntry[] = []
    const entry = (e: Partial<LedgerEntry> & Pick<LedgerEntry, 'kind' | 'amount' | 'walletAddress'>): LedgerEntry => ({
      id: randomUUID(),
      brandId: null,
      userKey: null,
      amountWei: `${BigInt(e.amount) * 10n ** 18n}`,
      sourceType: 'event',
      sourceId: randomUUID(),
      counterparty: null,
      mintJobId: null,
      batchId: null,
      txHash: null,
      blockNumber: null,
      logIndex: null,
      status: 'confirmed',
      snapshot: null,
      createdAt: 0,
      confirmedAt: null,
      ...e,
    })
    for (const e of seed.events) {
      const id = randomUUID()
      const brandId = w.brandIds[e.brand] as string
      const walletAddress = w.wallets[e.user] as string
      const email = e.email ?? `user${e.user}@example.com`
      await storage.events.recordClaim(
        {
          id,
          brandId,
          eventType: e.eventType,
          userKey: email,
          userEmail: email,
          walletAddress,
          rewardAmount: e.reward,
          source: null,
          domain: e.domain ?? null,
          channelId: null,
          metadata: e.metadata ?? null,
          mintJobId: null,
          transactionHash: null,
          createdAt: w.at(e.daysAgo),
        },
        null,
      )
      entries.push(
        entry({ kind: 'reward', brandId, walletAddress, amount: e.reward, sourceId: id, createdAt: w.at(e.daysAgo) }),
      )
    }
    for (const [i, r] of seed.redemptions(w).entries()) {
      const brandId = w.brandIds[r.brand] as string
      entries.push(
        entry({
          kind: 'redemption',
          brandId,
          walletAddress: w.wallets[r.user] as string,
          amount: -r.price,
          sourceType: 'perk_claim',
          sourceId: `${r.collectionId}:${1000 + i}`,
          counterparty: brandId,
          createdAt: w.at(r.daysAgo),
        }),
      )
    }
    await storage.ledger.recordMany(entries)
  }, 180_000)
  afterAll(async () => {
    await w.s?.close()
    await w.db?.drop()
  })
  return w
}
