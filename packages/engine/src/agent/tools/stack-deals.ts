import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { getTokenBalance } from '../../identity/get-token-balance'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { analyticsMath } from '../analytics-math'
import { findAgentUser } from '../find-agent-user'
import { perkClaimsOf } from '../perk-claims-of'
import { purchaseReward } from '../purchase-reward'
import { userPerks } from '../user-perks'

const usd = analyticsMath.round2

/** #36 GET /commerce/stack: everything a user can combine on one purchase at a brand. */
export const stackDealsTool = defineAgentTool({
  name: 'loyalty_agent_stack_deals',
  title: 'Stack deals on a purchase',
  description:
    "What a user saves on a purchase of purchaseAmount USD at a brand by stacking: the cashback its purchase rule earns (tokens / 1,000 USD), the costliest perk there the user's balance affords now (worth cost / 1,000 USD) and the discount codes of the brand's perks the user already holds; totalSavingsUsd and the effective price. userId is an email or a 0x address.",
  method: 'GET',
  path: '/commerce/stack',
  auth: 'signed',
  group: 'commerce',
  input: z.object({
    brandId: agentInputs.brandId,
    purchaseAmount: agentInputs.requiredNumber(0.01, 1_000_000),
    userId: agentInputs.userId,
  }),
  output: z.object({
    brandId: z.string(),
    userId: z.string(),
    purchaseAmount: z.number(),
    /** Whole tokens on chain (network-wide). */
    balance: z.number(),
    baseCashback: z.object({ points: z.number(), usd: z.number() }),
    bestPerk: z
      .object({
        perkId: z.string(),
        name: z.string(),
        cost: z.number(),
        valueUsd: z.number(),
        discountCode: z.string().nullable(),
      })
      .nullable(),
    /** Codes of the brand's perks the user holds (claimed at least once). */
    discountCodes: z.array(z.object({ perkId: z.string(), name: z.string(), code: z.string() })),
    /** Brand promotions; none are modelled yet, so always empty. */
    promotions: z.array(z.object({ name: z.string(), description: z.string() })),
    /** baseCashback.usd + bestPerk.valueUsd (codes are not priced). */
    totalSavingsUsd: z.number(),
    /** max(0, purchaseAmount − totalSavingsUsd). */
    effectivePrice: z.number(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    await requireBrand(ctx.storage, input.brandId)
    const user = await findAgentUser(ctx, input.userId)
    const [onChain, rules, records] = await Promise.all([
      getTokenBalance(ctx, { address: user.walletAddress }),
      ctx.storage.rules.list(input.brandId),
      ctx.storage.perks.listForBrand(input.brandId),
    ])
    const balance = Number(onChain.balance)
    const points = purchaseReward(rules)
    const best = (await userPerks(ctx, user.walletAddress, records))
      .filter((p) => !p.maxed && p.cost <= balance)
      .sort((a, b) => b.cost - a.cost || a.name.localeCompare(b.name))[0]
    const coded = records.filter((r) => r.discountCode !== null)
    const held = await Promise.all(coded.map((r) => perkClaimsOf(ctx, r.collectionId, user.walletAddress)))
    const savings = points / 1000 + (best ? best.cost / 1000 : 0)
    return {
      brandId: input.brandId,
      userId: input.userId,
      purchaseAmount: input.purchaseAmount,
      balance,
      baseCashback: { points, usd: usd(points / 1000) },
      bestPerk: best
        ? {
            perkId: best.id,
            name: best.name,
            cost: best.cost,
            valueUsd: usd(best.cost / 1000),
            discountCode: best.discountCode,
          }
        : null,
      discountCodes: coded
        .filter((_, i) => (held[i] ?? 0) > 0)
        .map((r) => ({ perkId: r.id, name: r.name, code: r.discountCode as string })),
      promotions: [],
      totalSavingsUsd: usd(savings),
      effectivePrice: usd(Math.max(0, input.purchaseAmount - savings)),
    }
  },
})
