import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { analyticsMath } from '../analytics-math'
import { analyticsPeriod } from '../analytics-period'

/** #24 GET /analytics/brands/:brandId/events: how each of a brand's event rules performs in a period. */
export const eventPerformanceTool = defineAgentTool({
  name: 'loyalty_agent_event_performance',
  title: 'Event performance',
  description:
    "How each of a brand's event rules performed over the last 7, 30 or 90 days (period, default 30d): claims, unique users, tokens, share of the brand's claims, the share of the brand's active users who claimed it, the share of its users who claimed it twice or more, and users reached per 1,000 tokens.",
  method: 'GET',
  path: '/analytics/brands/:brandId/events',
  auth: 'public',
  group: 'analytics',
  input: z.object({ brandId: agentInputs.brandId, period: analyticsPeriod.schema() }),
  output: z.object({
    brandId: z.string(),
    period: z.string(),
    /** Users with any event at the brand in the period. */
    activeUsers: z.number().int(),
    totalClaims: z.number().int(),
    events: z.array(
      z.object({
        eventId: z.string(),
        eventType: z.string(),
        rewardAmount: z.number(),
        enabled: z.boolean(),
        claims: z.number().int(),
        uniqueUsers: z.number().int(),
        tokens: z.number(),
        /** claims / totalClaims, percent. */
        shareOfClaims: z.number(),
        /** uniqueUsers / activeUsers, percent. */
        claimRate: z.number(),
        /** Users with ≥ 2 claims / uniqueUsers, percent. */
        repeatRate: z.number(),
        /** uniqueUsers / tokens × 1000 (0 without tokens). */
        usersPer1kTokens: z.number(),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    await requireBrand(ctx.storage, input.brandId)
    const p = analyticsPeriod.of(input.period, ctx.clock.now())
    const [rules, types, totals] = await Promise.all([
      ctx.storage.rules.list(input.brandId, { includeDisabled: true }),
      ctx.storage.analytics.eventTypeActivity({ ...p.current, brandId: input.brandId }),
      ctx.storage.analytics.activityTotals({ ...p.current, brandId: input.brandId }),
    ])
    const byType = new Map(types.map((t) => [t.eventType, t]))
    const { percent, round2 } = analyticsMath
    const events = rules.map((rule) => {
      const t = byType.get(rule.eventType) ?? { claims: 0, users: 0, repeatUsers: 0, tokens: 0 }
      return {
        eventId: rule.eventId,
        eventType: rule.eventType,
        rewardAmount: rule.rewardAmount,
        enabled: rule.enabled,
        claims: t.claims,
        uniqueUsers: t.users,
        tokens: t.tokens,
        shareOfClaims: percent(t.claims, totals.events),
        claimRate: percent(t.users, totals.users),
        repeatRate: percent(t.repeatUsers, t.users),
        usersPer1kTokens: t.tokens === 0 ? 0 : round2((t.users / t.tokens) * 1000),
      }
    })
    events.sort((a, b) => b.claims - a.claims || a.eventType.localeCompare(b.eventType))
    return {
      brandId: input.brandId,
      period: p.period,
      activeUsers: totals.users,
      totalClaims: totals.events,
      events,
    }
  },
})
