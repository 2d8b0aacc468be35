import type { Kysely } from 'kysely'
import type { BrandActivity, NetworkTotals } from '../ports/activity-store'
import { createActivityRollupReads } from './activity-rollup-reads'
import type { Database } from './database'

const n = (v: number | string | bigint | null | undefined) => Number(v ?? 0)

/** [since, ∞): the rollups' days reach past any event. */
const untilEver = Number.MAX_SAFE_INTEGER

/**
 * `ActivityStore.networkTotals`: counts of brands and perks, the rollups (0022-activity-rollups) for
 * events, tokens and users, the ledger's kind index for redemptions.
 */
export async function selectNetworkTotals(db: Kysely<Database>, p: { activeSince: number }): Promise<NetworkTotals> {
  const rollups = createActivityRollupReads(db)
  const count = (q: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) =>
    q.executeTakeFirstOrThrow().then((r) => n(r.n as number))
  const [brands, perks, all, active, users, activeUsers, redemptions] = await Promise.all([
    count(db.selectFrom('brands').select((eb) => eb.fn.countAll<number | string>().as('n'))),
    count(db.selectFrom('perks').select((eb) => eb.fn.countAll<number | string>().as('n'))),
    rollups.perBrand({ since: Number.MIN_SAFE_INTEGER, until: untilEver }),
    rollups.perBrand({ since: p.activeSince, until: untilEver }),
    count(db.selectFrom('activity_wallets').select((eb) => eb.fn.countAll<number | string>().as('n'))),
    count(
      db
        .selectFrom('activity_wallets')
        .where('last_at', '>=', p.activeSince)
        .select((eb) => eb.fn.countAll<number | string>().as('n')),
    ),
    count(
      db
        .selectFrom('ledger_entries')
        .where('kind', '=', 'redemption')
        .select((eb) => eb.fn.countAll<number | string>().as('n')),
    ),
  ])
  let rewardEvents = 0
  let tokensDistributed = 0
  for (const b of all.values()) {
    rewardEvents += b.events
    tokensDistributed += b.tokens
  }
  return {
    brands,
    activeBrands: active.size,
    users,
    activeUsers,
    rewardEvents,
    tokensDistributed,
    perks,
    redemptions,
  }
}

/** `ActivityStore.brandActivity`: the rollups per brand, active users from each (brand, wallet)'s last event. */
export async function selectBrandActivity(db: Kysely<Database>, p: { since: number }): Promise<BrandActivity[]> {
  const [totals, users] = await Promise.all([
    createActivityRollupReads(db).perBrand({ since: p.since, until: untilEver }),
    db
      .selectFrom('activity_brand_wallets')
      .where('last_at', '>=', p.since)
      .groupBy('brand_id')
      .select((eb) => ['brand_id', eb.fn.countAll<number | string>().as('users')])
      .execute(),
  ])
  const usersOf = new Map(users.map((r) => [r.brand_id, n(r.users)]))
  return [...totals.entries()].map(([brandId, t]) => ({
    brandId,
    rewardEvents: t.events,
    tokens: t.tokens,
    activeUsers: usersOf.get(brandId) ?? 0,
  }))
}
