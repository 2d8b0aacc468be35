import { type Kysely, sql } from 'kysely'
import type { AnalyticsStore } from '../ports/analytics-store'
import { createActivityRollupReads } from './activity-rollup-reads'
import type { Database } from './database'

/** A count or sum as either driver answers it (PostgreSQL sums and counts arrive as strings). */
export const num = (v: unknown) => Number(v ?? 0)

/** The UTC day of `created_at` (integer division in both dialects; raw so both clauses read alike). */
export const DAY_OF_CREATED_AT = sql.raw<number>('created_at / 86400000')

type ActivityMethods = Pick<
  AnalyticsStore,
  | 'activityTotals'
  | 'newUsers'
  | 'retainedUsers'
  | 'dailyActivity'
  | 'eventTypeActivity'
  | 'brandActivity'
  | 'brandTotals'
>

/**
 * The reward-event half of `AnalyticsStore`: every query is bounded by a window on `created_at`
 * and served by (brand_id, created_at, id) at a brand, by (created_at, brand_id, wallet_address,
 * reward_amount) network-wide, and by (brand_id, wallet_address, created_at, id) or
 * (wallet_address, created_at) for a wallet's earlier events.
 */
export function createAnalyticsActivityMethods(db: Kysely<Database>): ActivityMethods {
  const rollups = createActivityRollupReads(db)
  const events = (p: { since: number; until: number; brandId?: string | undefined }) =>
    db
      .selectFrom('reward_events')
      .where('created_at', '>=', p.since)
      .where('created_at', '<', p.until)
      .$if(p.brandId !== undefined, (q) => q.where('brand_id', '=', (p.brandId as string).toLowerCase()))

  return {
    async activityTotals(p) {
      const [brands, users] = await Promise.all([rollups.perBrand(p), rollups.activeUsers(p)])
      let events = 0
      let tokens = 0
      for (const b of brands.values()) {
        events += b.events
        tokens += b.tokens
      }
      return { events, tokens, users, brands: brands.size }
    },

    newUsers: (p) => rollups.newUsers(p),

    async retainedUsers({ brandId, previous, current }) {
      const brand = brandId.toLowerCase()
      const row = await db
        .selectFrom('reward_events as p')
        .select((eb) => eb.fn.count('p.wallet_address').distinct().as('n'))
        .where('p.brand_id', '=', brand)
        .where('p.created_at', '>=', previous.since)
        .where('p.created_at', '<', previous.until)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('reward_events as c')
              .select('c.id')
              .where('c.brand_id', '=', brand)
              .whereRef('c.wallet_address', '=', 'p.wallet_address')
              .where('c.created_at', '>=', current.since)
              .where('c.created_at', '<', current.until),
          ),
        )
        .executeTakeFirstOrThrow()
      return num(row.n)
    },

    dailyActivity: (p) => rollups.daily(p),

    async eventTypeActivity(p) {
      const perUser = events(p)
        .select((eb) => ['event_type', 'wallet_address', eb.fn.countAll().as('n'), eb.fn.sum('reward_amount').as('t')])
        .groupBy(['event_type', 'wallet_address'])
      const rows = await db
        .selectFrom(perUser.as('u'))
        .select((eb) => [
          'u.event_type',
          eb.fn.sum('u.n').as('claims'),
          eb.fn.countAll().as('users'),
          eb.fn.sum(eb.case().when('u.n', '>=', 2).then(1).else(0).end()).as('repeat_users'),
          eb.fn.sum('u.t').as('tokens'),
        ])
        .groupBy('u.event_type')
        .orderBy('u.event_type')
        .execute()
      return rows.map((r) => ({
        eventType: r.event_type,
        claims: num(r.claims),
        users: num(r.users),
        repeatUsers: num(r.repeat_users),
        tokens: num(r.tokens),
      }))
    },

    async brandActivity(p) {
      const rows = await events(p)
        .select((eb) => [
          'brand_id',
          eb.fn.countAll().as('events'),
          eb.fn.sum('reward_amount').as('tokens'),
          eb.fn.count('wallet_address').distinct().as('users'),
        ])
        .groupBy('brand_id')
        .orderBy('brand_id')
        .execute()
      return rows.map((r) => ({
        brandId: r.brand_id,
        events: num(r.events),
        tokens: num(r.tokens),
        users: num(r.users),
      }))
    },

    async brandTotals(p) {
      const rows = [...(await rollups.perBrand(p)).entries()]
      return rows
        .map(([brandId, r]) => ({ brandId, events: r.events, tokens: r.tokens }))
        .sort((a, b) => (a.brandId < b.brandId ? -1 : a.brandId > b.brandId ? 1 : 0))
    },
  }
}
