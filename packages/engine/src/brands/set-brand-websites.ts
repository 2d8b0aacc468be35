import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { Brand } from '../ports/brand-store'
import { brandIdSchema } from '../schemas/brand-id'
import { websiteOriginSchema } from '../schemas/website-origin'

export const setBrandWebsitesParametersSchema = z.object({
  brandId: brandIdSchema,
  websites: z.array(websiteOriginSchema).max(100),
})

export type SetBrandWebsitesParameters = z.input<typeof setBrandWebsitesParametersSchema>

/** Replaces the websites (stored as origins) a brand accepts events from; BRAND_NOT_FOUND when unknown. */
export async function setBrandWebsites(ctx: EngineContext, params: SetBrandWebsitesParameters): Promise<Brand> {
  const p = parseInput(setBrandWebsitesParametersSchema, params, 'Invalid websites')
  const websites = [...new Set(p.websites)]
  return ctx.storage.transaction(async (tx) => {
    await tx.brands.updateWebsites(p.brandId, websites)
    const brand = await tx.brands.get(p.brandId)
    return { ...brand!, websites }
  })
}
