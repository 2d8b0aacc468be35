import { z } from 'zod'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { brandSummaries, brandSummarySchema } from '../brand-summary'

/** #3 GET /brands: brands ordered by name, paged. */
export const listBrandsTool = defineAgentTool({
  name: 'loyalty_agent_list_brands',
  title: 'List brands',
  description:
    'Brands of the loyalty network, ordered by name, optionally of one category (retail, dining, travel, gaming, other): each with its enabled reward events, highest reward and number of perks.',
  method: 'GET',
  path: '/brands',
  auth: 'public',
  group: 'discover',
  input: z.object({
    category: agentInputs.category.optional(),
    limit: agentInputs.integer(1, 200, 50),
    offset: agentInputs.integer(0, Number.MAX_SAFE_INTEGER, 0),
  }),
  output: z.object({
    brands: z.array(brandSummarySchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const all = (await ctx.storage.brands.list())
      .filter((b) => input.category === undefined || b.category === input.category)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    const page = all.slice(input.offset, input.offset + input.limit)
    const brands = await brandSummaries(ctx, page)
    return { brands, total: all.length, limit: input.limit, offset: input.offset }
  },
})
