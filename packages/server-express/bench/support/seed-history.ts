import type { KeyVault } from '@loyaltykit/engine'
import { type Database, rebuildActivityRollups } from '@loyaltykit/engine/storage-kysely'
import { walletOwnerKey } from '@loyaltykit/engine/testing'
import { type Insertable, type Kysely, sql } from 'kysely'
import { wasmWalletKeys } from '../../src/chain/wasm-wallet-keys'
import { dropIndexesForBulkLoad } from './bulk-load-indexes'
import { insertRows } from './preload-database'
import type { SeedBrand } from './seed-brands'
import type { SeedRandom } from './seed-random'
import { type UserRows, userActivity } from './seed-user-activity'

/** The history spans the 120 days before `now`. */
const SEED_SPAN_DAYS = 120
const SPAN_MS = SEED_SPAN_DAYS * 86_400_000
const USERS_PER_TRANSACTION = 2000

export type SeedHistoryPlan = {
  brands: SeedBrand[]
  users: number
  /** Ledger entries to write in all (≥ one per user). */
  entries: number
  now: number
  keyVault: KeyVault
  random: SeedRandom
  onProgress?: (entries: number) => void
  onStep?: (line: string) => void
  dialect: 'sqlite' | 'postgres'
}

/** The tables of the bulk load, whose secondary indexes are built after it. */
const BULK_TABLES = ['wallets', 'reward_events', 'claim_counters', 'ledger_entries', 'perk_redemptions']

export type SeedHistoryResult = {
  users: number
  entries: number
  rewardEvents: number
  kinds: Record<string, number>
  claimCounters: number
  /** perk_redemptions rows written (the site plugin's claims). */
  perkRedemptions: number
}

/** The seed's user `u` (0-based). */
const seedUserEmail = (u: number) => `user${u}@seed.example`

/**
 * Entries per user: a heavy-tailed share (Pareto, α 1.5, capped at 50× the mean) of `entries`, at
 * least one each, summing to `entries`.
 */
function entriesPerUser(users: number, entries: number, random: SeedRandom): Int32Array {
  const weights = Array.from({ length: users }, () => Math.min(50, (1 - random.next()) ** (-1 / 1.5)))
  const sum = weights.reduce((x, y) => x + y, 0)
  const spare = entries - users
  const counts = new Int32Array(users)
  let given = 0
  for (let u = 0; u < users; u++) {
    counts[u] = 1 + Math.floor((spare * (weights[u] as number)) / sum)
    given += counts[u] as number
  }
  for (let u = 0; given < entries; u = (u + 1) % users, given++) counts[u] = (counts[u] as number) + 1
  return counts
}

/**
 * Writes the network's history straight into the database, in multi-row inserts of 2,000 users per
 * transaction: a custodial wallet per user (a real key, encrypted by the data folder's KeyVault, so
 * writes such as redeem_perk work for seeded users too), their reward events, claim counters and
 * rule totals, and every ledger entry (rewards, points bought, perk claims), all confirmed; and the
 * perk_redemptions rows of the claims made through the site plugin. Nothing is minted on the chain: on-chain
 * balances of seeded users are 0, and perks' `claimed` counts on chain stay 0.
 */
export async function seedHistory(db: Kysely<Database>, plan: SeedHistoryPlan): Promise<SeedHistoryResult> {
  const { brands, users, now, random } = plan
  if (plan.entries < users) throw new Error(`--entries (${plan.entries}) must be at least --users (${users})`)
  const counts = entriesPerUser(users, plan.entries, random)
  const tokenIds = new Map<number, number>()
  const sequence = { n: 0 }
  const totals = new Map<string, number>()
  const result: SeedHistoryResult = {
    users,
    entries: 0,
    rewardEvents: 0,
    kinds: {},
    claimCounters: 0,
    perkRedemptions: 0,
  }
  const recreateIndexes = await dropIndexesForBulkLoad(db, plan.dialect, BULK_TABLES)
  for (let first = 0; first < users; first += USERS_PER_TRANSACTION) {
    const last = Math.min(users, first + USERS_PER_TRANSACTION)
    const wallets: Insertable<Database['wallets']>[] = []
    const rows: UserRows = { rewardEvents: [], ledger: [], counters: new Map(), redemptions: [] }
    for (let u = first; u < last; u++) {
      const email = seedUserEmail(u)
      const key = wasmWalletKeys.generate()
      const home = random.zipf(brands.length)
      const others = [...new Set(Array.from({ length: random.int(0, 3) }, () => random.zipf(brands.length)))].filter(
        (b) => b !== home,
      )
      const joinedAt = userActivity(
        {
          email,
          wallet: key.address,
          entries: counts[u] as number,
          start: now - SPAN_MS,
          now,
          brands,
          home,
          others,
          random,
          tokenIds,
          sequence,
        },
        rows,
      )
      wallets.push({
        id: crypto.randomUUID(),
        address: key.address,
        owner_key: walletOwnerKey({ kind: 'email', email }),
        encrypted_key: plan.keyVault.encrypt(key.privateKey),
        created_at: Math.floor(joinedAt),
      })
    }
    for (const e of rows.rewardEvents) e.created_at = Math.floor(e.created_at)
    for (const e of rows.ledger) {
      e.created_at = Math.floor(e.created_at)
      e.confirmed_at = Math.floor(e.confirmed_at ?? e.created_at)
      result.kinds[e.kind] = (result.kinds[e.kind] ?? 0) + 1
    }
    const counters = [...rows.counters.values()].map((c) => {
      const key = `${c.brandId}|${c.eventType}`
      totals.set(key, (totals.get(key) ?? 0) + c.claims)
      return {
        brand_id: c.brandId,
        event_type: c.eventType,
        user_key: c.userKey,
        claims: c.claims,
        last_event_id: c.lastId,
        last_at: Math.floor(c.lastAt),
      }
    })
    for (const r of rows.redemptions) r.created_at = Math.floor(r.created_at)
    await db.transaction().execute(async (trx) => {
      await insertRows(trx, 'wallets', wallets)
      await insertRows(trx, 'reward_events', rows.rewardEvents)
      await insertRows(trx, 'claim_counters', counters)
      await insertRows(trx, 'ledger_entries', rows.ledger)
      await insertRows(trx, 'perk_redemptions', rows.redemptions)
    })
    result.entries += rows.ledger.length
    result.rewardEvents += rows.rewardEvents.length
    result.claimCounters += counters.length
    result.perkRedemptions += rows.redemptions.length
    plan.onProgress?.(result.entries)
  }
  await insertRows(
    db,
    'rule_totals',
    [...totals].map(([key, total]) => {
      const [brandId, eventType] = key.split('|') as [string, string]
      return { brand_id: brandId, event_type: eventType, total }
    }),
  )
  plan.onStep?.('building the indexes and the activity rollups…')
  await recreateIndexes()
  await rebuildActivityRollups(db)
  // Planner statistics, as PostgreSQL's autovacuum gathers them after a bulk load (the server runs no
  // ANALYZE on SQLite; without statistics its planner may scan a brand-ordered index for a time window).
  await sql`ANALYZE`.execute(db)
  return result
}
