import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { Brand } from '../ports/brand-store'
import { websiteOriginSchema } from '../schemas/website-origin'
import { type CreateBrandReturnType, createBrand } from './create-brand'

/** Settings key holding the demo brand's id once created. */
const DEMO_BRAND_SETTING = 'demo.brandId'

export const ensureDemoBrandParametersSchema = z.object({
  /** The demo brand's websites when this call creates it. */
  websites: z.array(websiteOriginSchema).max(100),
})

export type EnsureDemoBrandParameters = z.input<typeof ensureDemoBrandParametersSchema>

export type EnsureDemoBrandReturnType =
  | {
      brand: Brand
      /** Present only when this call created the brand (keys are shown once). */
      keys?: CreateBrandReturnType['keys']
    }
  | undefined

/**
 * On a database without any brand, creates the demo brand (`Demo brand`, `websites`, the six default
 * rules) and remembers its id. Later calls find it again (without keys). Undefined when brands exist
 * but none is the demo brand.
 */
export async function ensureDemoBrand(
  ctx: EngineContext,
  params: EnsureDemoBrandParameters,
): Promise<EnsureDemoBrandReturnType> {
  const p = parseInput(ensureDemoBrandParametersSchema, params, 'Invalid demo brand')
  const { storage } = ctx
  const knownId = await storage.settings.get(DEMO_BRAND_SETTING)
  if (knownId !== undefined) {
    const brand = await storage.brands.get(knownId)
    return brand ? { brand } : undefined
  }
  if ((await storage.brands.list()).length > 0) return undefined
  const { brand, keys } = await createBrand(ctx, { name: 'Demo brand', websites: p.websites })
  await storage.settings.set(DEMO_BRAND_SETTING, brand.id)
  return { brand, keys }
}
