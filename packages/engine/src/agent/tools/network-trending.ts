import { z } from 'zod'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { analyticsMath } from '../analytics-math'
import { analyticsPeriod } from '../analytics-period'
import { windowTotals } from '../analytics-window-totals'
import { brandCategoryTrend, brandCategoryTrendSchema } from '../brand-category-trend'
import { sumBy, trendItems } from '../trend-items'

const growthPct = z.number().nullable()

/** #43 GET /network/trending: what grows in the network, this period against the one before. */
export const networkTrendingTool = defineAgentTool({
  name: 'loyalty_agent_network_trending',
  title: 'Network trending',
  description:
    'What is growing in the loyalty network over the last 7, 30 or 90 days (period, default 7d) against the period before: perk categories by redemptions, brand categories and brands by tokens distributed, and network health (active users, reward events, tokens, redemptions), each with its growth percentage; at most limit (1-50, default 10) per list.',
  method: 'GET',
  path: '/network/trending',
  auth: 'public',
  group: 'analytics',
  input: z.object({ period: analyticsPeriod.schema('7d'), limit: agentInputs.integer(1, 50, 10) }),
  output: z.object({
    period: z.string(),
    perkCategories: z.array(
      z.object({ category: z.string(), redemptions: z.number(), previousRedemptions: z.number(), growthPct }),
    ),
    brandCategories: z.array(brandCategoryTrendSchema),
    brands: z.array(
      z.object({
        brandId: z.string(),
        name: z.string(),
        tokensDistributed: z.number(),
        previousTokensDistributed: z.number(),
        growthPct,
      }),
    ),
    health: z.array(z.object({ metric: z.string(), value: z.number(), previous: z.number(), growthPct })),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const p = analyticsPeriod.of(input.period, ctx.clock.now())
    const a = ctx.storage.analytics
    const [brandList, perks, brandsNow, brandsPrev, perksNow, perksPrev, cur, prev] = await Promise.all([
      ctx.storage.brands.list(),
      ctx.storage.perks.list(),
      a.brandTotals(p.current),
      a.brandTotals(p.previous),
      a.perkRedemptions(p.current),
      a.perkRedemptions(p.previous),
      windowTotals(ctx, p.current),
      windowTotals(ctx, p.previous),
    ])
    const brands = new Map(brandList.map((b) => [b.id, b]))
    const perkCategory = new Map(perks.map((r) => [r.collectionId, r.category?.toLowerCase() ?? 'other']))
    const ofPerk = (r: { collectionId: number }) => perkCategory.get(r.collectionId) ?? 'other'
    const tokens = (r: { tokens: number }) => r.tokens
    const count = (r: { redemptions: number }) => r.redemptions
    const byId = (r: { brandId: string }) => r.brandId
    const health: Array<[string, number, number]> = [
      ['activeUsers', cur.activeUsers, prev.activeUsers],
      ['rewardEvents', cur.rewardEvents, prev.rewardEvents],
      ['tokensDistributed', cur.tokensDistributed, prev.tokensDistributed],
      ['redemptions', cur.redemptions, prev.redemptions],
    ]
    return {
      period: p.period,
      perkCategories: trendItems(sumBy(perksNow, ofPerk, count), sumBy(perksPrev, ofPerk, count), input.limit).map(
        (t) => ({ category: t.key, redemptions: t.value, previousRedemptions: t.previous, growthPct: t.growthPct }),
      ),
      brandCategories: brandCategoryTrend(brands, brandsNow, brandsPrev, input.limit),
      brands: trendItems(sumBy(brandsNow, byId, tokens), sumBy(brandsPrev, byId, tokens), input.limit).map((t) => ({
        brandId: t.key,
        name: brands.get(t.key)?.name ?? t.key,
        tokensDistributed: t.value,
        previousTokensDistributed: t.previous,
        growthPct: t.growthPct,
      })),
      health: health.map(([metric, value, before]) => ({
        metric,
        value,
        previous: before,
        growthPct: analyticsMath.growthPct(value, before),
      })),
    }
  },
})
