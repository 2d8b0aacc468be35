import { z } from 'zod'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { brandCategory } from '../brand-category'
import { DAY_MS } from '../day-ms'
import { purchaseReward } from '../purchase-reward'

/** #5 GET /brands/rankings: brands by tokens distributed in the last 30 days, then by active users. */
export const brandRankingsTool = defineAgentTool({
  name: 'loyalty_agent_brand_rankings',
  title: 'Brand rankings',
  description:
    'The top brands of the network (optionally of one category: retail, dining, travel, gaming, other) by tokens distributed in the last 30 days, then by active users, with the cashback a $100 purchase earns at each.',
  method: 'GET',
  path: '/brands/rankings',
  auth: 'public',
  group: 'discover',
  input: z.object({
    category: agentInputs.category.optional(),
    limit: agentInputs.integer(1, 10, 10),
  }),
  output: z.object({
    rankings: z.array(
      z.object({
        rank: z.number().int(),
        brandId: z.string(),
        name: z.string(),
        tokensDistributed30d: z.number(),
        activeUsers30d: z.number().int(),
        /** Purchase reward / 1000 USD on $100, in percent. */
        cashbackPercent: z.number(),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const [brands, activity] = await Promise.all([
      ctx.storage.brands.list(),
      ctx.storage.activity.brandActivity({ since: ctx.clock.now() - 30 * DAY_MS }),
    ])
    const byBrand = new Map(activity.map((a) => [a.brandId, a]))
    const top = brands
      .filter((b) => input.category === undefined || brandCategory(b) === input.category)
      .map((b) => ({ brand: b, tokens: byBrand.get(b.id)?.tokens ?? 0, users: byBrand.get(b.id)?.activeUsers ?? 0 }))
      .sort((a, b) => b.tokens - a.tokens || b.users - a.users || a.brand.name.localeCompare(b.brand.name))
      .slice(0, input.limit)
    const rankings = await Promise.all(
      top.map(async (t, i) => ({
        rank: i + 1,
        brandId: t.brand.id,
        name: t.brand.name,
        tokensDistributed30d: t.tokens,
        activeUsers30d: t.users,
        cashbackPercent: Math.round((purchaseReward(await ctx.storage.rules.list(t.brand.id)) / 1000) * 100) / 100,
      })),
    )
    return { rankings }
  },
})
