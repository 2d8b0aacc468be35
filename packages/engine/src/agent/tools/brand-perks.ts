import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { perkViewSchema, perkViews } from '../perk-view'

/** #7 GET /brands/:brandId/perks: the brand's active perks. */
export const brandPerksTool = defineAgentTool({
  name: 'loyalty_agent_brand_perks',
  title: 'Brand perks',
  description:
    "A brand's active perks (optionally of one category), with cost in tokens, supply claimed and left, and the per-user limit, read live from the chain.",
  method: 'GET',
  path: '/brands/:brandId/perks',
  auth: 'public',
  group: 'discover',
  input: z.object({
    brandId: agentInputs.brandId,
    category: z.string().trim().min(1).max(64).optional(),
  }),
  output: z.object({ perks: z.array(perkViewSchema) }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    await requireBrand(ctx.storage, input.brandId)
    const wanted = input.category?.toLowerCase()
    const records = (await ctx.storage.perks.listForBrand(input.brandId)).filter(
      (p) => wanted === undefined || p.category?.toLowerCase() === wanted,
    )
    return { perks: (await perkViews(ctx, records)).filter((p) => p.isActive) }
  },
})
