import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { brandIdSchema } from '../schemas/brand-id'
import { readSiteConfig } from './read-site-config'
import type { SiteConfig } from './site-config'

export const getSiteConfigParametersSchema = z.object({ brandId: brandIdSchema })

export type GetSiteConfigParameters = z.input<typeof getSiteConfigParametersSchema>

export type GetSiteConfigReturnType = SiteConfig

/** A brand's streak rules (`loyaltykit site config --brand B`): its own, or the defaults. */
export async function getSiteConfig(
  ctx: EngineContext,
  params: GetSiteConfigParameters,
): Promise<GetSiteConfigReturnType> {
  const p = parseInput(getSiteConfigParametersSchema, params, 'Invalid brand')
  await requireBrand(ctx.storage, p.brandId)
  return readSiteConfig(ctx.storage, p.brandId)
}
