import { createHash, randomUUID } from 'node:crypto'
import type { Database } from '@loyaltykit/engine/storage-kysely'
import type { Insertable } from 'kysely'
import type { SeedBrand } from './seed-brands'
import type { SeedRandom } from './seed-random'

const WEI = 10n ** 18n
const PLATFORMS = ['web', 'web', 'web', 'shopify', 'discord', 'telegram'] as const
const hex32 = (label: string) => `0x${createHash('sha256').update(label).digest('hex')}`

/** The rows one user's history adds (the caller inserts them in bulk). */
export type UserRows = {
  rewardEvents: Insertable<Database['reward_events']>[]
  ledger: Insertable<Database['ledger_entries']>[]
  counters: Map<
    string,
    { brandId: string; eventType: string; userKey: string; claims: number; lastId: string; lastAt: number }
  >
  /** The claims made through the site plugin (half of them): their perk_redemptions rows. */
  redemptions: Insertable<Database['perk_redemptions']>[]
}

export type UserActivity = {
  email: string
  wallet: string
  /** Ledger entries to write (a redemption is two: the user's and the brand's). */
  entries: number
  /** The history's span: entries fall in [start, now), denser lately (time ∝ start + span·r^0.8). */
  start: number
  now: number
  brands: SeedBrand[]
  /** Index of the user's home brand and of the others they use, in `brands`. */
  home: number
  others: number[]
  random: SeedRandom
  /** Next token id per perk collection (shared across users). */
  tokenIds: Map<number, number>
  /** Counts ledger entries for fake settlement: transaction n holds entries 100n…100n+99. */
  sequence: { n: number }
}

/**
 * One user's history, as the server would have written it, settled: the first entry at each brand is
 * its `account_creation` reward; then, at the home brand 60 % of the time, 5 % points bought
 * (`purchase`, a checkout), 8 % a perk claimed when the balance allows (`redemption` −price on the
 * user, `transfer` +price on the brand's address, as the relayer's settlement writes them; half of them claimed through the site plugin, with their
 * perk_redemptions row), else a
 * reward: a one-time rule not yet claimed (15 %), else `purchase` (75 %) or `custom_visit`. Rewards
 * are a reward event and its confirmed ledger entry. Answers when the user joined (their first entry).
 */
export function userActivity(a: UserActivity, out: UserRows): number {
  const { random, brands } = a
  const span = a.now - a.start
  const times = Array.from({ length: a.entries }, () => a.start + random.next() ** 0.8 * span).sort((x, y) => x - y)
  const userKey = `email:${a.email}`
  const started = new Set<number>()
  const claimed = new Set<string>()
  let balance = 0
  let written = 0
  const settle = () => {
    const n = a.sequence.n++
    const tx = Math.floor(n / 100)
    return { tx_hash: hex32(`seed-tx-${tx}`), block_number: tx + 1, log_index: n % 100 }
  }
  const ledger = (
    row: Omit<Insertable<Database['ledger_entries']>, 'id' | 'status' | 'confirmed_at' | 'amount_wei'>,
  ) => {
    out.ledger.push({
      id: randomUUID(),
      ...row,
      amount_wei: (BigInt(row.amount) * WEI).toString(),
      ...settle(),
      status: 'confirmed',
      confirmed_at: row.created_at + 2000,
    })
    written++
  }
  const reward = (b: SeedBrand, eventType: string, amount: number, at: number) => {
    const id = randomUUID()
    const tx_hash = hex32(`seed-tx-${Math.floor(a.sequence.n / 100)}`)
    out.rewardEvents.push({
      id,
      brand_id: b.id,
      event_type: eventType,
      user_key: a.email,
      user_email: a.email,
      wallet_address: a.wallet,
      reward_amount: amount,
      source: null,
      domain: b.host,
      channel_id: null,
      metadata: JSON.stringify({ platform: random.pick(PLATFORMS) }),
      mint_job_id: null,
      transaction_hash: tx_hash,
      created_at: at,
    })
    ledger({
      brand_id: b.id,
      wallet_address: a.wallet,
      user_key: userKey,
      kind: 'reward',
      amount,
      source_type: 'event',
      source_id: id,
      counterparty: null,
      mint_job_id: null,
      batch_id: null,
      snapshot: JSON.stringify({ eventType, ruleEventId: eventType, rewardAmount: amount, rulesVersion: 0 }),
      created_at: at,
    })
    const key = `${b.id}|${eventType}`
    const c = out.counters.get(`${key}|${a.email}`)
    out.counters.set(`${key}|${a.email}`, {
      brandId: b.id,
      eventType,
      userKey: a.email,
      claims: (c?.claims ?? 0) + 1,
      lastId: id,
      lastAt: at,
    })
    claimed.add(key)
    balance += amount
  }
  for (const at of times) {
    if (written >= a.entries) break
    const index = written === 0 || a.others.length === 0 || random.next() < 0.6 ? a.home : random.pick(a.others)
    const b = brands[index] as SeedBrand
    if (!started.has(index)) {
      started.add(index)
      const rule = b.rules.find((r) => r.eventType === 'account_creation')
      if (rule) {
        reward(b, rule.eventType, rule.rewardAmount, at)
        continue
      }
    }
    const r = random.next()
    const perk = b.perks.filter((p) => p.price <= balance).sort((x, y) => y.price - x.price)[0]
    if (r < 0.05) {
      const amount = random.pick([500, 1000, 2000, 5000])
      ledger({
        brand_id: b.id,
        wallet_address: a.wallet,
        user_key: userKey,
        kind: 'purchase',
        amount,
        source_type: 'checkout_session',
        source_id: `cs_seed_${randomUUID()}`,
        counterparty: null,
        mint_job_id: null,
        batch_id: null,
        snapshot: JSON.stringify({ usdAmount: amount / 1000, currency: 'usd', provider: 'local' }),
        created_at: at,
      })
      balance += amount
    } else if (r < 0.13 && perk && a.entries - written >= 2) {
      const tokenId = a.tokenIds.get(perk.collectionId) ?? 1
      a.tokenIds.set(perk.collectionId, tokenId + 1)
      const sourceId = `${perk.collectionId}:${tokenId}`
      const snapshot = JSON.stringify({
        collectionId: perk.collectionId,
        tokenId,
        perkId: perk.id,
        perkName: perk.name,
      })
      const common = {
        brand_id: b.id,
        source_type: 'perk_claim',
        source_id: sourceId,
        mint_job_id: null,
        batch_id: null,
      }
      ledger({
        ...common,
        wallet_address: a.wallet,
        user_key: userKey,
        kind: 'redemption',
        amount: -perk.price,
        counterparty: b.id,
        snapshot,
        created_at: at,
      })
      ledger({
        ...common,
        wallet_address: b.id,
        user_key: null,
        kind: 'transfer',
        amount: perk.price,
        counterparty: a.wallet,
        snapshot,
        created_at: at,
      })
      if (random.next() < 0.5) {
        out.redemptions.push({
          id: randomUUID(),
          collection_id: String(perk.collectionId),
          token_id: String(tokenId),
          perk_id: perk.id,
          brand_id: b.id,
          wallet_address: a.wallet,
          user_key: userKey,
          price: String(perk.price),
          new_balance: String(balance - perk.price),
          transaction_hash: String(out.ledger.at(-1)?.tx_hash),
          source: 'site',
          agent_key_id: null,
          idempotency_scope: null,
          idempotency_key: null,
          created_at: at,
        })
      }
      balance -= perk.price
    } else {
      const oneTime = b.rules.filter((x) => !x.repeatable && !claimed.has(`${b.id}|${x.eventType}`))
      const rule =
        oneTime.length > 0 && random.next() < 0.15
          ? random.pick(oneTime)
          : (b.rules.find((x) => x.eventType === (random.next() < 0.75 ? 'purchase' : 'custom_visit')) ??
            (b.rules[0] as SeedBrand['rules'][number]))
      reward(b, rule.eventType, rule.rewardAmount, at)
    }
  }
  return times[0] as number
}
