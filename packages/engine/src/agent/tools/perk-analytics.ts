import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { analyticsMath } from '../analytics-math'
import { perkRowSchema, perkViews } from '../perk-view'
import { supplyStatus } from '../supply-status'

/** #25 GET /analytics/brands/:brandId/perks: every perk of a brand, its stock and its redemptions (all time). */
export const perkAnalyticsTool = defineAgentTool({
  name: 'loyalty_agent_perk_analytics',
  title: 'Perk analytics',
  description:
    "Every perk of a brand with its price, stock (unlimited, available, low at 10 % or less left, sold out), redemptions, unique redeemers, tokens redeemed and popularity rank, and the brand's all-time redemption rate and breakage (the share of distributed tokens never redeemed).",
  method: 'GET',
  path: '/analytics/brands/:brandId/perks',
  auth: 'public',
  group: 'analytics',
  input: z.object({ brandId: agentInputs.brandId }),
  output: z.object({
    brandId: z.string(),
    perks: z.array(
      perkRowSchema.extend({
        maxSupply: z.number().int(),
        claimed: z.number().int(),
        /** null when unlimited. */
        remaining: z.number().int().nullable(),
        supplyStatus: z.enum(['unlimited', 'available', 'low', 'sold_out']),
        redemptions: z.number().int(),
        uniqueRedeemers: z.number().int(),
        tokensRedeemed: z.number(),
        /** 1 = most redeemed. */
        popularityRank: z.number().int(),
      }),
    ),
    totals: z.object({
      redemptions: z.number().int(),
      tokensRedeemed: z.number(),
      tokensDistributed: z.number(),
      /** tokensRedeemed / tokensDistributed, percent (all time). */
      redemptionRate: z.number(),
      /** 100 − redemptionRate (never below 0; 0 when nothing was distributed). */
      breakage: z.number(),
    }),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    await requireBrand(ctx.storage, input.brandId)
    const until = ctx.clock.now() + 1
    const a = ctx.storage.analytics
    const [records, perPerk, redeemed, earned] = await Promise.all([
      ctx.storage.perks.listForBrand(input.brandId),
      a.perkRedemptions({ brandId: input.brandId, until }),
      a.redemptionTotals({ brandId: input.brandId, until }),
      a.activityTotals({ brandId: input.brandId, since: 0, until }),
    ])
    const views = await perkViews(ctx, records)
    const byCollection = new Map(perPerk.map((r) => [r.collectionId, r]))
    const perks = views.map((v) => {
      const r = byCollection.get(v.collectionId) ?? { redemptions: 0, redeemers: 0, tokens: 0 }
      return {
        id: v.id,
        collectionId: v.collectionId,
        name: v.name,
        cost: v.cost,
        maxSupply: v.maxSupply,
        claimed: v.claimed,
        remaining: v.available,
        supplyStatus: supplyStatus(v),
        redemptions: r.redemptions,
        uniqueRedeemers: r.redeemers,
        tokensRedeemed: r.tokens,
        popularityRank: 0,
      }
    })
    const ranked = [...perks].sort(
      (x, y) => y.redemptions - x.redemptions || y.tokensRedeemed - x.tokensRedeemed || x.collectionId - y.collectionId,
    )
    ranked.forEach((p, i) => {
      p.popularityRank = i + 1
    })
    const rate = analyticsMath.percent(redeemed.tokens, earned.tokens)
    return {
      brandId: input.brandId,
      perks,
      totals: {
        redemptions: redeemed.redemptions,
        tokensRedeemed: redeemed.tokens,
        tokensDistributed: earned.tokens,
        redemptionRate: rate,
        breakage: earned.tokens === 0 ? 0 : analyticsMath.round2(Math.max(0, 100 - rate)),
      },
    }
  },
})
