import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { Brand } from '../ports/brand-store'
import { brandIdSchema } from '../schemas/brand-id'
import { requireBrand } from './require-brand'

export const getBrandParametersSchema = z.object({ brandId: brandIdSchema })

export type GetBrandParameters = z.input<typeof getBrandParametersSchema>

/** One brand; NotFoundError (code BRAND_NOT_FOUND) when unknown. */
export async function getBrand(ctx: EngineContext, params: GetBrandParameters): Promise<Brand> {
  const p = parseInput(getBrandParametersSchema, params)
  return requireBrand(ctx.storage, p.brandId)
}
