import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { PerkRecord } from '../ports/perk-store'
import { brandIdSchema } from '../schemas/brand-id'

export const listPerksParametersSchema = z.object({ brandId: brandIdSchema })

export type ListPerksParameters = z.input<typeof listPerksParametersSchema>

/** The perk collections created for a brand through the engine, oldest first (storage only; no chain read). */
export async function listPerks(ctx: EngineContext, params: ListPerksParameters): Promise<PerkRecord[]> {
  const p = parseInput(listPerksParametersSchema, params, 'Invalid perk query')
  await requireBrand(ctx.storage, p.brandId)
  return ctx.storage.perks.listForBrand(p.brandId)
}
