import { z } from 'zod'
import { createPerk } from '../../perks/create-perk'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { perkViewSchema, perkViews } from '../perk-view'

/** #29 POST /brands/:brandId/perks: a new perk collection on chain. */
export const createPerkTool = defineAgentTool({
  name: 'loyalty_agent_create_perk',
  title: 'Create a perk',
  description:
    "Creates a perk users can redeem their points for: a collection on the PerkCollection contract with its price in points, maximum supply and per-user limit (default 1), plus a description, category, tags and a discount code shown to holders. Needs canManageProgram and the brand in the key's scope.",
  method: 'POST',
  path: '/brands/:brandId/perks',
  auth: 'signed',
  permission: 'canManageProgram',
  brandsOf: (input) => [input.brandId],
  group: 'program',
  input: z.object({
    brandId: agentInputs.brandId,
    name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    description: z.string().trim().min(1, 'is required').max(1000, 'must be at most 1000 characters'),
    priceInPoints: agentInputs.integer(1, 1_000_000_000, Number.NaN).refine((v) => !Number.isNaN(v), 'is required'),
    maxSupply: agentInputs.integer(1, 10_000_000, Number.NaN).refine((v) => !Number.isNaN(v), 'is required'),
    category: z.string().trim().min(1).max(64).optional(),
    maxPerUser: agentInputs.integer(1, 10_000_000, 1),
    tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
    discountCode: z.string().trim().min(1).max(100).optional(),
  }),
  output: z.object({ perk: perkViewSchema, transactionHash: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async handler(ctx, input) {
    const record = await createPerk(ctx, {
      brandId: input.brandId,
      name: input.name,
      description: input.description,
      price: input.priceInPoints,
      maxSupply: input.maxSupply,
      maxPerUser: input.maxPerUser,
      ...(input.category ? { category: input.category } : {}),
      ...(input.tags ? { tags: input.tags } : {}),
      ...(input.discountCode ? { discountCode: input.discountCode } : {}),
    })
    const [perk] = await perkViews(ctx, [record])
    return { perk: perk as NonNullable<typeof perk>, transactionHash: record.transactionHash }
  },
})
