import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { hostOf } from '../web/domain-names'
import { isDomainAuthorized } from '../web/is-domain-authorized'

/** Any strings: an unknown brand or a malformed origin answers false, never an error (CORS asks). */
export const brandOwnsOriginParametersSchema = z.object({ brandId: z.string(), origin: z.string() })

export type BrandOwnsOriginParameters = z.input<typeof brandOwnsOriginParametersSchema>

/** True when `origin` is one of the websites of brand `brandId` (a subdomain counts). */
export async function brandOwnsOrigin(ctx: EngineContext, params: BrandOwnsOriginParameters): Promise<boolean> {
  const p = parseInput(brandOwnsOriginParametersSchema, params)
  const host = hostOf(p.origin)
  if (!host) return false
  const brand = await ctx.storage.brands.get(p.brandId)
  return brand !== undefined && isDomainAuthorized(host, brand.websites)
}
