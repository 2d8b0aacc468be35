import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { analyticsMath } from '../analytics-math'
import { analyticsPeriod } from '../analytics-period'
import { perkHeat } from '../perk-heat'
import { perkRowSchema, perkViews } from '../perk-view'

const nullableNumber = z.number().nullable()

/** #39 GET /intelligence/brands/:brandId/perks: how hot each perk is, its funnel, stock and retention effect. */
export const perkIntelligenceTool = defineAgentTool({
  name: 'loyalty_agent_perk_intelligence',
  title: 'Perk intelligence',
  description:
    "Per perk of a brand: a heat score (claims this week against the brand's best perk and against its own pace), the funnel from members active in 30 days to those who could afford it and those who claimed it, how fast its supply runs out, and whether its earlier claimers stayed more active than the brand's members.",
  method: 'GET',
  path: '/intelligence/brands/:brandId/perks',
  auth: 'public',
  group: 'analytics',
  input: z.object({ brandId: agentInputs.brandId }),
  output: z.object({
    brandId: z.string(),
    perks: z.array(
      perkRowSchema.extend({
        claims7d: z.number().int(),
        claims30d: z.number().int(),
        heatScore: z.number().int(),
        heat: z.enum(['hot', 'warm', 'cold']),
        funnel: z.object({
          activeEarners30d: z.number().int(),
          couldAfford: z.number().int(),
          claimed30d: z.number().int(),
          conversionRate: z.number(),
        }),
        supply: z.object({ remaining: nullableNumber, depletionPerDay: z.number(), daysToSellOut: nullableNumber }),
        retentionImpact: z.object({
          claimerRetention30d: nullableNumber,
          baseline: nullableNumber,
          lift: nullableNumber,
        }),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const brand = await requireBrand(ctx.storage, input.brandId)
    const a = ctx.storage.analytics
    const now = ctx.clock.now()
    const month = analyticsPeriod.of('30d', now)
    const week = analyticsPeriod.of('7d', now)
    const brandId = brand.id
    const [records, perWeek, perMonth, earners, activePrev, retained] = await Promise.all([
      ctx.storage.perks.listForBrand(brandId),
      a.perkRedemptions({ brandId, ...week.current }),
      a.perkRedemptions({ brandId, ...month.current }),
      a.walletActivity({ wallets: { brandId, ...month.current }, asOf: month.current.until }),
      a.activityTotals({ brandId, ...month.previous }),
      a.retainedUsers({ brandId, previous: month.previous, current: month.current }),
    ])
    const views = await perkViews(ctx, records)
    const c7 = new Map(perWeek.map((r) => [r.collectionId, r.redemptions]))
    const c30 = new Map(perMonth.map((r) => [r.collectionId, r.redemptions]))
    const brandMax7d = Math.max(0, ...c7.values())
    const baseline = activePrev.users === 0 ? null : analyticsMath.percent(retained, activePrev.users)
    const perks = await Promise.all(
      views.map(async (v) => {
        const claims7d = c7.get(v.collectionId) ?? 0
        const claims30d = c30.get(v.collectionId) ?? 0
        const couldAfford = earners.filter((e) => e.net >= v.cost).length
        const perDay = claims30d / 30
        const claimers = await a.walletActivity({
          wallets: { brandId, collectionId: v.collectionId, until: month.current.since },
          asOf: month.current.until,
        })
        const stayed = claimers.filter((c) => c.brandEvents30d > 0).length
        const claimerRetention30d = claimers.length === 0 ? null : analyticsMath.percent(stayed, claimers.length)
        return {
          id: v.id,
          collectionId: v.collectionId,
          name: v.name,
          cost: v.cost,
          claims7d,
          claims30d,
          ...perkHeat({ claims7d, claims30d, brandMax7d }),
          funnel: {
            activeEarners30d: earners.length,
            couldAfford,
            claimed30d: claims30d,
            conversionRate: analyticsMath.percent(claims30d, couldAfford),
          },
          supply: {
            remaining: v.available,
            depletionPerDay: analyticsMath.round2(perDay),
            daysToSellOut: v.available === null || claims30d === 0 ? null : Math.ceil((v.available * 30) / claims30d),
          },
          retentionImpact: {
            claimerRetention30d,
            baseline: claimerRetention30d === null ? null : baseline,
            lift:
              claimerRetention30d === null || baseline === null
                ? null
                : analyticsMath.round2(claimerRetention30d - baseline),
          },
        }
      }),
    )
    return { brandId, perks }
  },
})
