import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { PerkConstraint } from '../ports/constraint-store'
import { brandIdSchema } from '../schemas/brand-id'

export const listPerkConstraintsParametersSchema = z.object({ brandId: brandIdSchema })

export type ListPerkConstraintsParameters = z.input<typeof listPerkConstraintsParametersSchema>

/** The purchase constraints of a brand's collections, by collection id. */
export async function listPerkConstraints(
  ctx: EngineContext,
  params: ListPerkConstraintsParameters,
): Promise<PerkConstraint[]> {
  const p = parseInput(listPerkConstraintsParametersSchema, params)
  await requireBrand(ctx.storage, p.brandId)
  return ctx.storage.constraints.listConstraints(p.brandId)
}
