import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { analyticsPeriod } from '../analytics-period'
import { brandCategory } from '../brand-category'
import { brandHealthScore } from '../brand-health-score'

const MESSAGES = {
  reengage_members:
    'Fewer than half of your members earned in the last 30 days: reward repeat actions (purchases, check-ins) and remind lapsed members.',
  improve_retention:
    'Few members active last month came back this month: add recurring events with a cooldown, or a streak reward.',
  lower_perk_costs:
    'Members redeem little of what they earn: add cheaper perks or lower prices so points feel spendable.',
  raise_perk_costs:
    'Members redeem almost everything they earn: raise prices or limit supply so perks keep their value.',
  add_event_rules: 'Enable at least 3 event rules so members have several ways to earn.',
  add_perks: 'Offer at least 3 perks so members have something to save for.',
  complete_profile: 'Complete the brand profile (category, description and website) so agents can recommend you.',
} as const

/** #26 GET /analytics/brands/:brandId/health: a 0–100 score in four parts, a grade and what to do. */
export const brandHealthTool = defineAgentTool({
  name: 'loyalty_agent_brand_health',
  title: 'Brand health',
  description:
    "A brand's loyalty-program health, 0 to 100 in four parts of 25 (engagement: members active in 30 days; retention: last month's members back this month; redemption: the all-time redemption rate against the 60-80 % band; setup: rules, perks and profile), graded A to F, with strengths, weaknesses and recommendations.",
  method: 'GET',
  path: '/analytics/brands/:brandId/health',
  auth: 'public',
  group: 'analytics',
  input: z.object({ brandId: agentInputs.brandId }),
  output: z.object({
    brandId: z.string(),
    score: z.number(),
    grade: z.enum(['A', 'B', 'C', 'D', 'F']),
    components: z.array(
      z.object({
        name: z.enum(['engagement', 'retention', 'redemption', 'setup']),
        score: z.number(),
        max: z.number(),
        /** The part's ratio, percent. */
        value: z.number(),
      }),
    ),
    strengths: z.array(z.string()),
    weaknesses: z.array(z.string()),
    recommendations: z.array(z.object({ code: z.string(), message: z.string() })),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const brand = await requireBrand(ctx.storage, input.brandId)
    const { current, previous } = analyticsPeriod.of('30d', ctx.clock.now())
    const a = ctx.storage.analytics
    const brandId = input.brandId
    const [ever, now, prev, retained, redeemed, rules, perks] = await Promise.all([
      a.activityTotals({ brandId, since: 0, until: current.until }),
      a.activityTotals({ brandId, ...current }),
      a.activityTotals({ brandId, ...previous }),
      a.retainedUsers({ brandId, previous, current }),
      a.redemptionTotals({ brandId, until: current.until }),
      ctx.storage.rules.list(brandId),
      ctx.storage.perks.listForBrand(brandId),
    ])
    const profileComplete = brandCategory(brand) !== null && Boolean(brand.description) && brand.websites.length > 0
    const health = brandHealthScore({
      users: ever.users,
      active30d: now.users,
      activePrev30d: prev.users,
      retained,
      earned: ever.tokens,
      redeemed: redeemed.tokens,
      enabledRules: rules.length,
      perks: perks.length,
      profileComplete,
    })
    const weak = new Set(health.weaknesses)
    const codes: Array<keyof typeof MESSAGES> = []
    if (weak.has('engagement')) codes.push('reengage_members')
    if (weak.has('retention')) codes.push('improve_retention')
    if (weak.has('redemption') && perks.length > 0) {
      codes.push(health.redemptionRate > 0.8 ? 'raise_perk_costs' : 'lower_perk_costs')
    }
    if (rules.length < 3) codes.push('add_event_rules')
    if (perks.length < 3) codes.push('add_perks')
    if (!profileComplete) codes.push('complete_profile')
    return {
      brandId,
      score: health.score,
      grade: health.grade as 'A' | 'B' | 'C' | 'D' | 'F',
      components: health.components,
      strengths: health.strengths,
      weaknesses: health.weaknesses,
      recommendations: codes.map((code) => ({ code, message: MESSAGES[code] })),
    }
  },
})
