import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { ValidationError } from '../../errors/common-errors'
import { updatePerk } from '../../perks/update-perk'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { perkViewSchema, perkViews } from '../perk-view'

/** #30 PATCH /brands/:brandId/perks/:collectionId: change a perk's price, activity or description. */
export const updatePerkTool = defineAgentTool({
  name: 'loyalty_agent_update_perk',
  title: 'Update a perk',
  description:
    "Changes a brand's perk: its price in points and whether it can be redeemed (both on chain), or its description. At least one is required. The supply and per-user limit cannot change (a new perk is needed). Needs canManageProgram and the brand in the key's scope.",
  method: 'PATCH',
  path: '/brands/:brandId/perks/:collectionId',
  auth: 'signed',
  permission: 'canManageProgram',
  brandsOf: (input) => [input.brandId],
  group: 'program',
  input: z.object({
    brandId: agentInputs.brandId,
    collectionId: agentInputs
      .integer(1, Number.MAX_SAFE_INTEGER, Number.NaN)
      .refine((v) => !Number.isNaN(v), 'is required'),
    priceInPoints: agentInputs
      .integer(1, 1_000_000_000, Number.NaN)
      .transform((v) => (Number.isNaN(v) ? undefined : v)),
    isActive: z.boolean({ error: 'must be true or false' }).optional(),
    description: z.string().trim().min(1, 'must not be empty').max(1000, 'must be at most 1000 characters').optional(),
    /** Refused when present: a collection's supply is fixed on chain. */
    maxSupply: z.unknown().optional(),
    /** Refused when present, as maxSupply. */
    maxPerUser: z.unknown().optional(),
  }),
  output: z.object({ perk: perkViewSchema, transactionHashes: z.array(z.string()) }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  async handler(ctx, input) {
    for (const field of ['maxSupply', 'maxPerUser'] as const) {
      if (input[field] !== undefined) {
        throw new ValidationError('Invalid input', [
          { field, message: 'is fixed when the perk is created; create a new perk instead' },
        ])
      }
    }
    const { priceInPoints, isActive, description } = input
    if ([priceInPoints, isActive, description].every((v) => v === undefined)) {
      throw new ValidationError('Invalid input', [
        { field: 'priceInPoints', message: 'give at least one of priceInPoints, isActive, description' },
      ])
    }
    await requireBrand(ctx.storage, input.brandId)
    const { perk, transactionHashes } = await updatePerk(ctx, {
      brandId: input.brandId,
      collectionId: input.collectionId,
      ...(priceInPoints === undefined ? {} : { price: priceInPoints }),
      ...(isActive === undefined ? {} : { isActive }),
      ...(description === undefined ? {} : { description }),
    })
    const [view] = await perkViews(ctx, [perk])
    return { perk: view as NonNullable<typeof view>, transactionHashes }
  },
})
