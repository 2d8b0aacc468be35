import { z } from 'zod'
import { defineAgentTool } from '../agent-tool'
import { analyticsDaily, dailySchema } from '../analytics-daily'
import { analyticsMath } from '../analytics-math'
import { analyticsPeriod } from '../analytics-period'
import { totalsGrowth, totalsGrowthSchema, windowTotals, windowTotalsSchema } from '../analytics-window-totals'
import { brandCategoryTrend, brandCategoryTrendSchema } from '../brand-category-trend'

/** #22 GET /analytics/network: the network's activity in a period, against the period before. */
export const networkAnalyticsTool = defineAgentTool({
  name: 'loyalty_agent_network_analytics',
  title: 'Network analytics',
  description:
    'Activity of the whole loyalty network over the last 7, 30 or 90 days (period, default 30d): brands and users active, new users, reward events, tokens distributed and redeemed, the redemption rate, the same for the period before with growth percentages, brand categories by token growth and a daily series.',
  method: 'GET',
  path: '/analytics/network',
  auth: 'public',
  group: 'analytics',
  input: z.object({ period: analyticsPeriod.schema() }),
  output: z.object({
    period: z.string(),
    from: z.string(),
    to: z.string(),
    totals: windowTotalsSchema.extend({
      /** Registered brands. */
      brands: z.number().int(),
      /** Brands with ≥ 1 reward event in the period. */
      activeBrands: z.number().int(),
      /** Wallets with ≥ 1 reward event ever. */
      users: z.number().int(),
    }),
    previous: windowTotalsSchema.extend({ activeBrands: z.number().int() }),
    growth: totalsGrowthSchema.extend({ activeBrands: z.number().nullable() }),
    trendingCategories: z.array(brandCategoryTrendSchema),
    daily: dailySchema,
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const p = analyticsPeriod.of(input.period, ctx.clock.now())
    const a = ctx.storage.analytics
    const [cur, prev, ever, brands, brandsNow, brandsPrev, daily] = await Promise.all([
      windowTotals(ctx, p.current),
      windowTotals(ctx, p.previous),
      // Wallets whose first event is before the window's end: every wallet that ever earned.
      a.newUsers({ since: 0, until: p.current.until }),
      ctx.storage.brands.list(),
      a.brandTotals(p.current),
      a.brandTotals(p.previous),
      analyticsDaily(ctx, p.current),
    ])
    const byId = new Map(brands.map((b) => [b.id, b]))
    const trendingCategories = brandCategoryTrend(byId, brandsNow, brandsPrev, Number.MAX_SAFE_INTEGER)
    return {
      period: p.period,
      from: new Date(p.current.since).toISOString(),
      to: new Date(p.current.until - 1).toISOString(),
      totals: { ...cur, brands: brands.length, users: ever },
      previous: prev,
      growth: {
        ...totalsGrowth(cur, prev),
        activeBrands: analyticsMath.growthPct(cur.activeBrands, prev.activeBrands),
      },
      trendingCategories,
      daily,
    }
  },
})
