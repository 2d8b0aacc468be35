import { type Kysely, sql } from 'kysely'
import type { AnalyticsStore } from '../ports/analytics-store'
import { DAY_OF_CREATED_AT, num } from './analytics-activity-methods'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

type RedemptionMethods = Pick<
  AnalyticsStore,
  'redemptionTotals' | 'dailyRedemptions' | 'brandRedemptions' | 'perkRedemptions' | 'redemptionFlows' | 'redeemersOf'
>

/**
 * The redemption half of `AnalyticsStore`: perk claims are the ledger's `redemption` entries
 * (docs/ledger.md: one per claim, −price on the claimer, source `perk_claim` `<collectionId>:<tokenId>`,
 * `brand_id` the collection's brand), so no table of their own is needed. Served by
 * (brand_id, kind, created_at, id) at a brand and (kind, created_at) network-wide.
 */
export function createAnalyticsRedemptionMethods(db: Kysely<Database>, dialect: SqlDialect): RedemptionMethods {
  // The collection id is the part of source_id before ':'.
  const collectionOf = sql.raw<number>(
    dialect === 'postgres'
      ? "cast(split_part(source_id, ':', 1) as integer)"
      : "cast(substr(source_id, 1, instr(source_id, ':') - 1) as integer)",
  )
  const redemptions = (p: { since?: number | undefined; until: number; brandId?: string | undefined }) =>
    db
      .selectFrom('ledger_entries')
      .where('kind', '=', 'redemption')
      .$if(p.brandId !== undefined, (q) => q.where('brand_id', '=', (p.brandId as string).toLowerCase()))
      .$if(p.since !== undefined, (q) => q.where('created_at', '>=', p.since as number))
      .where('created_at', '<', p.until)

  return {
    async redemptionTotals(p) {
      const row = await redemptions(p)
        .select((eb) => [
          eb.fn.countAll().as('n'),
          eb.fn.sum('amount').as('amount'),
          eb.fn.count('wallet_address').distinct().as('redeemers'),
        ])
        .executeTakeFirstOrThrow()
      return { redemptions: num(row.n), tokens: -num(row.amount), redeemers: num(row.redeemers) }
    },

    async dailyRedemptions(p) {
      const rows = await redemptions(p)
        .select((eb) => [DAY_OF_CREATED_AT.as('day'), eb.fn.countAll().as('n'), eb.fn.sum('amount').as('amount')])
        .groupBy(DAY_OF_CREATED_AT)
        .orderBy('day')
        .execute()
      return rows.map((r) => ({ day: num(r.day), redemptions: num(r.n), tokens: -num(r.amount) }))
    },

    async brandRedemptions(p) {
      const rows = await redemptions(p)
        .select((eb) => [
          'brand_id',
          eb.fn.countAll().as('n'),
          eb.fn.sum('amount').as('amount'),
          eb.fn.count('wallet_address').distinct().as('redeemers'),
        ])
        .groupBy('brand_id')
        .orderBy('brand_id')
        .execute()
      return rows.map((r) => ({
        brandId: String(r.brand_id),
        redemptions: num(r.n),
        tokens: -num(r.amount),
        redeemers: num(r.redeemers),
      }))
    },

    async perkRedemptions(p) {
      const rows = await redemptions(p)
        .select((eb) => [
          collectionOf.as('collection_id'),
          eb.fn.countAll().as('n'),
          eb.fn.sum('amount').as('amount'),
          eb.fn.count('wallet_address').distinct().as('redeemers'),
        ])
        .groupBy(collectionOf)
        .orderBy('collection_id')
        .execute()
      return rows.map((r) => ({
        collectionId: num(r.collection_id),
        redemptions: num(r.n),
        tokens: -num(r.amount),
        redeemers: num(r.redeemers),
      }))
    },

    async redemptionFlows(p) {
      const spent = await redemptions(p)
        .select((eb) => ['wallet_address', 'brand_id', eb.fn.countAll().as('n'), eb.fn.sum('amount').as('amount')])
        .groupBy(['wallet_address', 'brand_id'])
        .orderBy('wallet_address')
        .orderBy('brand_id')
        .execute()
      const earned = await db
        .selectFrom('reward_events')
        .select((eb) => ['wallet_address', 'brand_id', eb.fn.sum('reward_amount').as('earned')])
        .where('created_at', '<', p.until)
        .where('wallet_address', 'in', redemptions(p).select('wallet_address'))
        .groupBy(['wallet_address', 'brand_id'])
        .orderBy('wallet_address')
        .orderBy('brand_id')
        .execute()
      return {
        redemptions: spent.map((r) => ({
          walletAddress: r.wallet_address,
          brandId: String(r.brand_id),
          redemptions: num(r.n),
          tokens: -num(r.amount),
        })),
        earnings: earned.map((r) => ({ walletAddress: r.wallet_address, brandId: r.brand_id, earned: num(r.earned) })),
      }
    },

    async redeemersOf(p) {
      const rows = await redemptions(p).select('wallet_address').distinct().orderBy('wallet_address').execute()
      return rows.map((r) => r.wallet_address)
    },
  }
}
