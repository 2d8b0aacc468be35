import { z } from 'zod'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { analyticsMath } from '../analytics-math'
import { analyticsPeriod } from '../analytics-period'
import { requireDistinctBrands } from '../require-distinct-brands'

const METRICS = [
  'velocity',
  'customersReached',
  'transactions',
  'tokensDistributed',
  'eventDiversity',
  'perkUtilization',
] as const
type Metric = (typeof METRICS)[number]

/** #31 GET /compare/brands: 2 to 5 brands side by side over a period, the leader of each metric. */
export const compareBrandsTool = defineAgentTool({
  name: 'loyalty_agent_compare_brands',
  title: 'Compare brands',
  description:
    'Compares 2 to 5 brands (brandIds, comma-separated) over the last 7, 30 or 90 days (period, default 30d): tokens distributed per day, customers reached, reward events, tokens distributed, event types used, and perk utilization (tokens redeemed / distributed), with the leader of each metric and short insights.',
  method: 'GET',
  path: '/compare/brands',
  auth: 'public',
  group: 'analytics',
  input: z.object({
    brandIds: z
      .string({ error: 'is required: 2 to 5 brand ids, comma-separated' })
      .transform((v) => v.split(',').map((s) => s.trim().toLowerCase()))
      .pipe(z.array(agentInputs.brandId).min(2, 'must name 2 to 5 brands').max(5, 'must name 2 to 5 brands')),
    period: analyticsPeriod.schema(),
  }),
  output: z.object({
    period: z.string(),
    brands: z.array(
      z.object({
        brandId: z.string(),
        name: z.string(),
        metrics: z.object({
          /** Tokens distributed per day of the period. */
          velocity: z.number(),
          /** Users with ≥ 1 event. */
          customersReached: z.number().int(),
          /** Reward events. */
          transactions: z.number().int(),
          tokensDistributed: z.number(),
          /** Event types claimed at least once. */
          eventDiversity: z.number().int(),
          /** Tokens redeemed / tokens distributed, percent. */
          perkUtilization: z.number(),
        }),
      }),
    ),
    /** The brand with the highest value of each metric (the first named on a tie; null when all are 0). */
    winners: z.record(z.string(), z.string().nullable()),
    insights: z.array(z.string()),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const found = await requireDistinctBrands(ctx, input.brandIds)
    const p = analyticsPeriod.of(input.period, ctx.clock.now())
    const a = ctx.storage.analytics
    const brands = await Promise.all(
      found.map(async (brand) => {
        const w = { brandId: brand.id, ...p.current }
        const [activity, types, redeemed] = await Promise.all([
          a.activityTotals(w),
          a.eventTypeActivity(w),
          a.redemptionTotals(w),
        ])
        const metrics: Record<Metric, number> = {
          velocity: analyticsMath.round2(activity.tokens / p.days),
          customersReached: activity.users,
          transactions: activity.events,
          tokensDistributed: activity.tokens,
          eventDiversity: types.length,
          perkUtilization: analyticsMath.percent(redeemed.tokens, activity.tokens),
        }
        return { brandId: brand.id, name: brand.name, metrics }
      }),
    )
    const winners: Record<string, string | null> = {}
    for (const m of METRICS) {
      const best = brands.reduce(
        (top, b) => (b.metrics[m] > (top?.metrics[m] ?? 0) ? b : top),
        undefined as (typeof brands)[number] | undefined,
      )
      winners[m] = best?.brandId ?? null
    }
    const insights: string[] = []
    for (const b of brands) {
      const led = METRICS.filter((m) => winners[m] === b.brandId)
      if (led.length > 0)
        insights.push(`${b.name} leads on ${led.length} of ${METRICS.length} metrics: ${led.join(', ')}`)
    }
    for (const b of brands) {
      if (b.metrics.transactions === 0) insights.push(`${b.name} had no reward events in the last ${p.days} days`)
    }
    return { period: p.period, brands, winners, insights }
  },
})
