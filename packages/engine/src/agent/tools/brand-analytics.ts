import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { analyticsDaily, dailySchema } from '../analytics-daily'
import { analyticsMath } from '../analytics-math'
import { analyticsPeriod } from '../analytics-period'
import { totalsGrowth, totalsGrowthSchema, windowTotals, windowTotalsSchema } from '../analytics-window-totals'

const totalsSchema = windowTotalsSchema.extend({
  /** Active users with an event at the brand before the period (activeUsers − newUsers). */
  returningUsers: z.number().int(),
})

/** #23 GET /analytics/brands/:brandId: one brand's activity in a period, against the period before. */
export const brandAnalyticsTool = defineAgentTool({
  name: 'loyalty_agent_brand_analytics',
  title: 'Brand analytics',
  description:
    "A brand's activity over the last 7, 30 or 90 days (period, default 30d): active, new and returning users, reward events, tokens distributed and redeemed, redemption rate, per-day velocity, the period before with growth percentages, a daily series and its top 5 event types.",
  method: 'GET',
  path: '/analytics/brands/:brandId',
  auth: 'public',
  group: 'analytics',
  input: z.object({ brandId: agentInputs.brandId, period: analyticsPeriod.schema() }),
  output: z.object({
    brandId: z.string(),
    period: z.string(),
    from: z.string(),
    to: z.string(),
    totals: totalsSchema,
    /** Per day of the period (2 dp). */
    velocity: z.object({ eventsPerDay: z.number(), tokensPerDay: z.number(), redemptionsPerDay: z.number() }),
    previous: totalsSchema,
    growth: totalsGrowthSchema,
    daily: dailySchema,
    topEvents: z.array(
      z.object({ eventType: z.string(), claims: z.number().int(), uniqueUsers: z.number().int(), tokens: z.number() }),
    ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    await requireBrand(ctx.storage, input.brandId)
    const p = analyticsPeriod.of(input.period, ctx.clock.now())
    const [cur, prev, daily, types] = await Promise.all([
      windowTotals(ctx, p.current, input.brandId),
      windowTotals(ctx, p.previous, input.brandId),
      analyticsDaily(ctx, p.current, input.brandId),
      ctx.storage.analytics.eventTypeActivity({ ...p.current, brandId: input.brandId }),
    ])
    const totals = ({ activeBrands: _, ...t }: typeof cur) => ({ ...t, returningUsers: t.activeUsers - t.newUsers })
    const perDay = (v: number) => analyticsMath.round2(v / p.days)
    return {
      brandId: input.brandId,
      period: p.period,
      from: new Date(p.current.since).toISOString(),
      to: new Date(p.current.until - 1).toISOString(),
      totals: totals(cur),
      velocity: {
        eventsPerDay: perDay(cur.rewardEvents),
        tokensPerDay: perDay(cur.tokensDistributed),
        redemptionsPerDay: perDay(cur.redemptions),
      },
      previous: totals(prev),
      growth: totalsGrowth(cur, prev),
      daily,
      topEvents: types
        .sort((a, b) => b.claims - a.claims || a.eventType.localeCompare(b.eventType))
        .slice(0, 5)
        .map((t) => ({ eventType: t.eventType, claims: t.claims, uniqueUsers: t.users, tokens: t.tokens })),
    }
  },
})
