import type { Kysely } from 'kysely'
import type { BrandActivity, NetworkTotals } from '../ports/activity-store'
import type { Database } from './database'

const n = (v: number | string | bigint | null | undefined) => Number(v ?? 0)

/** `ActivityStore.networkTotals`: five one-row aggregates (each served by an index of 0013 or 0017). */
export async function selectNetworkTotals(db: Kysely<Database>, p: { activeSince: number }): Promise<NetworkTotals> {
  const [brands, perks, all, active, redemptions] = await Promise.all([
    db
      .selectFrom('brands')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('perks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reward_events')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('events'),
        eb.fn.sum<number | string | null>('reward_amount').as('tokens'),
        eb.fn.count<number | string>('wallet_address').distinct().as('users'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reward_events')
      .where('created_at', '>=', p.activeSince)
      .select((eb) => [
        eb.fn.count<number | string>('wallet_address').distinct().as('users'),
        eb.fn.count<number | string>('brand_id').distinct().as('brands'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ledger_entries')
      .where('kind', '=', 'redemption')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return {
    brands: n(brands.n),
    activeBrands: n(active.brands),
    users: n(all.users),
    activeUsers: n(active.users),
    rewardEvents: n(all.events),
    tokensDistributed: n(all.tokens),
    perks: n(perks.n),
    redemptions: n(redemptions.n),
  }
}

/** `ActivityStore.brandActivity`: one GROUP BY over the window (index (created_at, brand_id, wallet_address, reward_amount)). */
export async function selectBrandActivity(db: Kysely<Database>, p: { since: number }): Promise<BrandActivity[]> {
  const rows = await db
    .selectFrom('reward_events')
    .where('created_at', '>=', p.since)
    .groupBy('brand_id')
    .select((eb) => [
      'brand_id',
      eb.fn.countAll<number | string>().as('events'),
      eb.fn.sum<number | string>('reward_amount').as('tokens'),
      eb.fn.count<number | string>('wallet_address').distinct().as('users'),
    ])
    .execute()
  return rows.map((r) => ({
    brandId: r.brand_id,
    rewardEvents: n(r.events),
    tokens: n(r.tokens),
    activeUsers: n(r.users),
  }))
}
