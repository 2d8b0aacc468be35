import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { EventRule } from '../ports/rule-store'
import { brandIdSchema } from '../schemas/brand-id'

export const listRulesParametersSchema = z.object({
  brandId: brandIdSchema,
  includeDisabled: z.boolean().optional(),
})

export type ListRulesParameters = z.input<typeof listRulesParametersSchema>

/** A brand's event rules, ordered by eventType; enabled ones only unless `includeDisabled`. */
export async function listRules(ctx: EngineContext, params: ListRulesParameters): Promise<EventRule[]> {
  const p = parseInput(listRulesParametersSchema, params)
  await requireBrand(ctx.storage, p.brandId)
  return ctx.storage.rules.list(p.brandId, { includeDisabled: p.includeDisabled ?? false })
}
