import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { brandIdSchema } from '../schemas/brand-id'
import { readSiteConfig, siteConfigKey } from './read-site-config'
import { normalizeSiteConfig, type SiteConfig, siteConfigSchema } from './site-config'

/** The brand and the rules to change; rules not given keep their value. */
export const setSiteConfigParametersSchema = z.object({
  brandId: brandIdSchema,
  timezone: z.string().optional(),
  graceHours: z.number().optional(),
  baseReward: z.number().optional(),
  multipliers: z.array(z.object({ fromDay: z.number(), multiplier: z.number() })).optional(),
  milestones: z.array(z.object({ days: z.number(), bonus: z.number() })).optional(),
  freezesPerMilestone: z.number().optional(),
  maxFreezes: z.number().optional(),
})

export type SetSiteConfigParameters = z.input<typeof setSiteConfigParametersSchema>

export type SetSiteConfigReturnType = SiteConfig

/**
 * Changes a brand's streak rules (`loyaltykit site config --brand B --timezone … --grace-hours …`):
 * the given rules replace the stored ones (or the defaults), the whole is checked by the rules'
 * schema (400 VALIDATION_FAILED, per field) and stored. Streaks already stored keep their length;
 * the new rules apply from the next check-in or read.
 */
export async function setSiteConfig(
  ctx: EngineContext,
  params: SetSiteConfigParameters,
): Promise<SetSiteConfigReturnType> {
  const { brandId, ...changes } = parseInput(setSiteConfigParametersSchema, params, 'Invalid site config')
  await requireBrand(ctx.storage, brandId)
  const current = await readSiteConfig(ctx.storage, brandId)
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
  const next = normalizeSiteConfig(parseInput(siteConfigSchema, { ...current, ...defined }, 'Invalid site config'))
  await ctx.storage.settings.set(siteConfigKey(brandId), JSON.stringify(next))
  return next
}
