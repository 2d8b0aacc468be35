import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { offeredPerks } from '../network-perks'
import { perkViewSchema } from '../perk-view'

/** #8 GET /perks: perks of every brand that can be claimed now, cheapest first. */
export const browsePerksTool = defineAgentTool({
  name: 'loyalty_agent_browse_perks',
  title: 'Browse perks',
  description:
    'Perks across the network that are active and in stock, cheapest first, optionally of one perk category, at one brand, or costing at most maxPrice tokens; each with its brand name, cost and supply read live from the chain.',
  method: 'GET',
  path: '/perks',
  auth: 'public',
  group: 'discover',
  input: z.object({
    category: z.string().trim().min(1).max(64).optional(),
    maxPrice: agentInputs.number(0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    brandId: agentInputs.brandId.optional(),
    limit: agentInputs.integer(1, 100, 20),
  }),
  output: z.object({
    perks: z.array(perkViewSchema.extend({ brandName: z.string() })),
    /** Perks matching, before `limit`. */
    total: z.number().int(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    if (input.brandId !== undefined) await requireBrand(ctx.storage, input.brandId)
    const wanted = input.category?.toLowerCase()
    const records = (
      input.brandId === undefined ? await ctx.storage.perks.list() : await ctx.storage.perks.listForBrand(input.brandId)
    ).filter((p) => wanted === undefined || p.category?.toLowerCase() === wanted)
    const matching = (await offeredPerks(ctx, records))
      .filter((p) => p.cost <= input.maxPrice)
      .sort((a, b) => a.cost - b.cost || a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    const names = new Map((await ctx.storage.brands.list()).map((b) => [b.id, b.name]))
    return {
      perks: matching.slice(0, input.limit).map((p) => ({ ...p, brandName: names.get(p.brandId) ?? '' })),
      total: matching.length,
    }
  },
})
