import { z } from 'zod'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { brandCategory } from '../brand-category'
import { earningAffinity, perkAffinity } from '../earning-affinity'
import { userHoldings } from '../user-holdings'

const pct = (v: number) => Math.round(v * 10000) / 100

/** #38 GET /intelligence/users/:userId/recommendations: perks for a user, by affinity and reach. */
export const userRecommendationsTool = defineAgentTool({
  name: 'loyalty_agent_user_recommendations',
  title: 'Perk recommendations for a user',
  description:
    'Perks to suggest to a user, best first: score = 0.6 × affinity (their share of points earned at the perk’s brand or its category) + 0.4 × min(1, balance / cost). Only active, in-stock perks they have not claimed to their limit; each says whether it is affordable now and why it was picked. userId is an email or a 0x address; limit 1-20 (default 5).',
  method: 'GET',
  path: '/intelligence/users/:userId/recommendations',
  auth: 'signed',
  group: 'commerce',
  input: z.object({ userId: agentInputs.userId, limit: agentInputs.integer(1, 20, 5) }),
  output: z.object({
    userId: z.string(),
    balance: z.number(),
    recommendations: z.array(
      z.object({
        perkId: z.string(),
        name: z.string(),
        brandId: z.string(),
        brandName: z.string(),
        cost: z.number(),
        /** 0–1, 4 decimals. */
        score: z.number(),
        affinity: z.number(),
        affordable: z.boolean(),
        reasons: z.array(z.string()),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const { balance, activity: perBrand, brands, perks } = await userHoldings(ctx, input.userId)
    const brandById = new Map(brands.map((b) => [b.id, b]))
    const affinity = earningAffinity(perBrand, brandById)
    const scored = perks
      .filter((p) => !p.maxed)
      .map((p) => {
        const brand = brandById.get(p.brandId)
        const a = perkAffinity(affinity, brand)
        const reach = p.cost <= 0 ? 1 : Math.min(1, balance / p.cost)
        const reasons: string[] = []
        const brandShare = affinity.brands.get(p.brandId) ?? 0
        const category = brand ? brandCategory(brand) : null
        if (brandShare > 0 && brandShare >= a)
          reasons.push(`${pct(brandShare)}% of your points were earned at ${brand?.name}`)
        else if (a > 0 && category) reasons.push(`${pct(a)}% of your points were earned at ${category} brands`)
        reasons.push(reach >= 1 ? 'you can afford it now' : `your balance covers ${pct(reach)}% of its cost`)
        return {
          perkId: p.id,
          name: p.name,
          brandId: p.brandId,
          brandName: brand?.name ?? '',
          cost: p.cost,
          score: Math.round((0.6 * a + 0.4 * reach) * 10000) / 10000,
          affinity: Math.round(a * 10000) / 10000,
          affordable: balance >= p.cost,
          reasons,
        }
      })
      .sort((a, b) => b.score - a.score || a.cost - b.cost || a.name.localeCompare(b.name))
    return { userId: input.userId, balance, recommendations: scored.slice(0, input.limit) }
  },
})
