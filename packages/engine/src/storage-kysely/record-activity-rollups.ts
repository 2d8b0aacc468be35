import { type Kysely, sql } from 'kysely'
import type { RewardEvent } from '../ports/event-store'
import { recordActivityGap } from './activity-gaps'
import type { Database } from './database'

const DAY_MS = 86_400_000

/** An upsert of a first/last row: the earlier first, the later last. */
const firstLast = (table: 'activity_wallets' | 'activity_brand_wallets') => ({
  first_at: sql<number>`case when excluded.first_at < ${sql.ref(`${table}.first_at`)} then excluded.first_at else ${sql.ref(`${table}.first_at`)} end`,
  last_at: sql<number>`case when excluded.last_at > ${sql.ref(`${table}.last_at`)} then excluded.last_at else ${sql.ref(`${table}.last_at`)} end`,
})

/**
 * Folds a just-inserted reward event into the rollups (activity-rollup-tables.ts), in the claim's
 * transaction: four upserts and at most two index probes, then the wallet's gaps (activity-gaps.ts).
 * The (brand, wallet) row is upserted first,
 * then the wallet's: on PostgreSQL they hold the member's row locks until commit, so of two
 * concurrent events of one wallet on one day the second checks for an earlier one of that day after
 * the first committed and sees it (READ COMMITTED: a new snapshot per statement); SQLite runs one
 * writer at a time. The (day, brand) row is held from its upsert to the commit: a brand's claims
 * serialise on it on PostgreSQL, as claims of one event type already do on `rule_totals`' (brand,
 * type) row (docs/performance.md#rollups).
 */
export async function recordActivityRollups(db: Kysely<Database>, event: RewardEvent): Promise<void> {
  const brand = event.brandId
  const wallet = event.walletAddress
  const at = event.createdAt
  await db
    .insertInto('activity_brand_wallets')
    .values({ brand_id: brand, wallet_address: wallet, first_at: at, last_at: at })
    .onConflict((oc) => oc.columns(['brand_id', 'wallet_address']).doUpdateSet(firstLast('activity_brand_wallets')))
    .execute()
  await db
    .insertInto('activity_wallets')
    .values({ wallet_address: wallet, first_at: at, last_at: at })
    .onConflict((oc) => oc.column('wallet_address').doUpdateSet(firstLast('activity_wallets')))
    .execute()
  await recordActivityGap(db, event)
  const day = Math.floor(at / DAY_MS)
  const sameDay = (atBrand: boolean) =>
    db
      .selectFrom('reward_events')
      .select('id')
      .$if(atBrand, (q) => q.where('brand_id', '=', brand))
      .where('wallet_address', '=', wallet)
      .where('created_at', '>=', day * DAY_MS)
      .where('created_at', '<', (day + 1) * DAY_MS)
      .where('id', '<>', event.id)
      .limit(1)
      .executeTakeFirst()
  const brandFirst = (await sameDay(true)) === undefined ? 1 : 0
  const networkFirst = brandFirst === 1 ? ((await sameDay(false)) === undefined ? 1 : 0) : 0
  await db
    .insertInto('activity_days')
    .values({
      day,
      brand_id: brand,
      events: 1,
      tokens: event.rewardAmount,
      brand_users: brandFirst,
      network_users: networkFirst,
    })
    .onConflict((oc) =>
      oc.columns(['day', 'brand_id']).doUpdateSet((eb) => ({
        events: eb('activity_days.events', '+', 1),
        tokens: eb('activity_days.tokens', '+', event.rewardAmount),
        brand_users: eb('activity_days.brand_users', '+', brandFirst),
        network_users: eb('activity_days.network_users', '+', networkFirst),
      })),
    )
    .execute()
}
