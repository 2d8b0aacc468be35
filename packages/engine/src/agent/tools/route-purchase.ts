import { z } from 'zod'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { analyticsMath } from '../analytics-math'
import { brandCashback } from '../brand-cashback'
import { commerceIntent } from '../commerce-intent'
import { userPerks } from '../user-perks'

const usd = analyticsMath.round2

/** #35 GET /commerce/route: where to make a purchase for the most value back. */
export const routePurchaseTool = defineAgentTool({
  name: 'loyalty_agent_route_purchase',
  title: 'Route a purchase',
  description:
    "Where to make a purchase of purchaseAmount USD (default 100) that answers an intent (1-200 characters; category retail|dining|travel|gaming|other overrides the category the intent names, and without any the intent's words are matched against brand and perk names): each matching brand ranked by totalValueUsd = its cashback (purchase rule tokens / 1,000) plus, with userId (email or 0x address; signed request), the value (cost / 1,000) of the costliest perk there that the balance plus that cashback affords.",
  method: 'GET',
  path: '/commerce/route',
  auth: 'public',
  group: 'commerce',
  input: z.object({
    intent: agentInputs.intent,
    category: agentInputs.category.optional(),
    purchaseAmount: agentInputs.number(0.01, 1_000_000, 100),
    userId: agentInputs.userId.optional(),
  }),
  output: z.object({
    /** The category the brands were chosen by; null when the intent's words were matched instead. */
    category: z.string().nullable(),
    purchaseAmount: z.number(),
    routes: z.array(
      z.object({
        rank: z.number().int(),
        brandId: z.string(),
        name: z.string(),
        cashbackPoints: z.number(),
        cashbackUsd: z.number(),
        cashbackPercent: z.number(),
        /** With userId: the costliest perk at the brand the balance plus the cashback affords, else absent. */
        redeemablePerk: z
          .object({ perkId: z.string(), name: z.string(), cost: z.number(), valueUsd: z.number() })
          .optional(),
        totalValueUsd: z.number(),
      }),
    ),
    /** The first route's brand; null when no route is worth anything. */
    best: z.string().nullable(),
    personalized: z.boolean(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input, caller) {
    const { user, match, brands, records } = await commerceIntent(ctx, caller, input)
    const chosen = brands.filter((b) =>
      match.brand(
        b,
        records.filter((r) => r.brandId === b.id),
      ),
    )
    const perks = user
      ? (
          await userPerks(
            ctx,
            user.walletAddress,
            records.filter((r) => chosen.some((b) => b.id === r.brandId)),
          )
        ).filter((p) => !p.maxed)
      : []
    const routes = await Promise.all(
      chosen.map(async (b) => {
        const cashback = await brandCashback(ctx, b, input.purchaseAmount)
        const points = cashback.cashbackPoints
        const cashbackUsd = points / 1000
        const perk = user
          ? perks
              .filter((p) => p.brandId === b.id && p.cost <= user.balance + points)
              .sort((x, y) => y.cost - x.cost || x.name.localeCompare(y.name))[0]
          : undefined
        const perkUsd = perk ? perk.cost / 1000 : 0
        return {
          ...cashback,
          ...(perk
            ? { redeemablePerk: { perkId: perk.id, name: perk.name, cost: perk.cost, valueUsd: usd(perkUsd) } }
            : {}),
          total: cashbackUsd + perkUsd,
        }
      }),
    )
    routes.sort((a, b) => b.total - a.total || b.cashbackPoints - a.cashbackPoints || a.name.localeCompare(b.name))
    const top = routes[0]
    return {
      category: match.category,
      purchaseAmount: input.purchaseAmount,
      routes: routes.map(({ total, ...r }, i) => ({ rank: i + 1, ...r, totalValueUsd: usd(total) })),
      best: top && top.total > 0 ? top.brandId : null,
      personalized: user !== null,
    }
  },
})
