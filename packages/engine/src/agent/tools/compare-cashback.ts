import { z } from 'zod'
import { ValidationError } from '../../errors/common-errors'
import type { Brand } from '../../ports/brand-store'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { brandCashback } from '../brand-cashback'
import { requireDistinctBrands } from '../require-distinct-brands'

/** #32 GET /compare/cashback: what a purchase earns back at each brand. */
export const compareCashbackTool = defineAgentTool({
  name: 'loyalty_agent_compare_cashback',
  title: 'Compare cashback',
  description:
    'What a purchase of purchaseAmount USD (default 100) earns back at 2 to 10 brands (brandIds, comma-separated) or at every brand of a category: the points of their purchase rule, their USD value at 1,000 points per USD, and that as a percentage of the purchase, highest first.',
  method: 'GET',
  path: '/compare/cashback',
  auth: 'public',
  group: 'analytics',
  input: z.object({
    brandIds: z
      .string()
      .transform((v) => v.split(',').map((s) => s.trim().toLowerCase()))
      .pipe(z.array(agentInputs.brandId).min(2, 'must name 2 to 10 brands').max(10, 'must name 2 to 10 brands'))
      .optional(),
    category: agentInputs.category.optional(),
    purchaseAmount: agentInputs.number(0.01, 1_000_000, 100),
  }),
  output: z.object({
    purchaseAmount: z.number(),
    comparisons: z.array(
      z.object({
        brandId: z.string(),
        name: z.string(),
        cashbackPoints: z.number(),
        cashbackUsd: z.number(),
        cashbackPercent: z.number(),
      }),
    ),
    /** The brand with the highest cashback; null when none earns any. */
    best: z.string().nullable(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    let brands: Brand[]
    if (input.brandIds) {
      brands = await requireDistinctBrands(ctx, input.brandIds)
    } else if (input.category) {
      brands = (await ctx.storage.brands.list()).filter((b) => b.category === input.category)
    } else {
      throw new ValidationError('Invalid input', [{ field: 'brandIds', message: 'brandIds or category is required' }])
    }
    const comparisons = await Promise.all(brands.map((b) => brandCashback(ctx, b, input.purchaseAmount)))
    comparisons.sort((a, b) => b.cashbackPoints - a.cashbackPoints || a.name.localeCompare(b.name))
    const top = comparisons[0]
    return {
      purchaseAmount: input.purchaseAmount,
      comparisons,
      best: top && top.cashbackPoints > 0 ? top.brandId : null,
    }
  },
})
