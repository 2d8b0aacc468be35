import { z } from 'zod'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { analyticsMath } from '../analytics-math'
import { commerceIntent } from '../commerce-intent'
import { offeredPerks } from '../network-perks'
import { purchaseReward } from '../purchase-reward'
import { userPerks } from '../user-perks'

/** #33 GET /deals: the perks that answer a shopping intent, scored by cashback and price. */
export const bestDealsTool = defineAgentTool({
  name: 'loyalty_agent_best_deals',
  title: 'Best deals',
  description:
    'Perks answering a shopping intent (1-200 characters, e.g. "running shoes"; category retail|dining|travel|gaming|other overrides the category the intent names, and without any the intent\'s words are matched against brand and perk names), active and in stock, costing at most budget tokens, best first: score = 0.5 × cashback% / the best cashback% + 0.5 × (1 − cost / the highest cost). With userId (an email or 0x address; the request must then be signed) perks the user claimed to their limit are left out and each deal says whether the balance affords it now. limit 1-50 (default 10).',
  method: 'GET',
  path: '/deals',
  auth: 'public',
  group: 'commerce',
  input: z.object({
    intent: agentInputs.intent,
    category: agentInputs.category.optional(),
    userId: agentInputs.userId.optional(),
    /** Whole tokens; absent: no bound. */
    budget: agentInputs.number(0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    limit: agentInputs.integer(1, 50, 10),
  }),
  output: z.object({
    /** The category the deals were chosen by; null when the intent's words were matched instead. */
    category: z.string().nullable(),
    deals: z.array(
      z.object({
        perkId: z.string(),
        name: z.string(),
        brandId: z.string(),
        brandName: z.string(),
        cost: z.number(),
        /** The brand's cashback on a $100 purchase, percent (2 dp). */
        cashbackPercent: z.number(),
        /** 0–1, 4 decimals. */
        score: z.number(),
        /** With userId only: the balance covers the cost. */
        affordableNow: z.boolean().optional(),
      }),
    ),
    personalized: z.boolean(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input, caller) {
    const { user, match, brands, records } = await commerceIntent(ctx, caller, input)
    const brandById = new Map(brands.map((b) => [b.id, b]))
    const wanted = records.filter((r) => match.perk(r, brandById.get(r.brandId)))
    const perks = user
      ? (await userPerks(ctx, user.walletAddress, wanted)).filter((p) => !p.maxed)
      : await offeredPerks(ctx, wanted)
    const inBudget = perks.filter((p) => p.cost <= input.budget)
    const cashback = new Map<string, number>()
    for (const brandId of new Set(inBudget.map((p) => p.brandId))) {
      // Percent of a $100 purchase: (reward / 1,000 tokens per USD) / 100 × 100.
      cashback.set(brandId, purchaseReward(await ctx.storage.rules.list(brandId)) / 1000)
    }
    const maxCashback = Math.max(0, ...cashback.values())
    const maxCost = Math.max(0, ...inBudget.map((p) => p.cost))
    const deals = inBudget
      .map((p) => {
        const percent = cashback.get(p.brandId) ?? 0
        const score =
          0.5 * (maxCashback > 0 ? percent / maxCashback : 0) + 0.5 * (maxCost > 0 ? 1 - p.cost / maxCost : 1)
        return {
          perkId: p.id,
          name: p.name,
          brandId: p.brandId,
          brandName: brandById.get(p.brandId)?.name ?? '',
          cost: p.cost,
          cashbackPercent: analyticsMath.round2(percent),
          score: Math.round(score * 10_000) / 10_000,
          ...(user ? { affordableNow: user.balance >= p.cost } : {}),
        }
      })
      .sort((a, b) => b.score - a.score || a.cost - b.cost || a.name.localeCompare(b.name))
    return { category: match.category, deals: deals.slice(0, input.limit), personalized: user !== null }
  },
})
