import { authorizeBrandReader, type BrandKeyAccess, type BrandReaderOptions } from '../brands/authorize-brand-reader'
import type { EngineContext } from '../context'

/** Who calls the site API: the brand API key as presented (`Authorization: Bearer …`). */
export type SiteCallerOptions = BrandReaderOptions

const SITE_ACCESS: BrandKeyAccess = { scopes: ['site', 'events'], refusal: 'This API key may not use the site API' }

/**
 * The brand of a site API caller (docs/site-plugin.md#authentication-and-who-the-user-is): a live key
 * with the scope `site` or `events`; 401 API_KEY_REQUIRED / INVALID_API_KEY, 403 API_KEY_SCOPE_MISSING.
 * The key names the brand; every site operation reads and writes that brand only. A `brandId` the
 * request may also send (a site plugin knows its brand) must be the key's: 403 API_KEY_BRAND_MISMATCH.
 * A step, called first by each site operation.
 */
export function authorizeSiteKey(ctx: EngineContext, options: SiteCallerOptions, params: unknown): Promise<string> {
  return authorizeBrandReader(ctx, options, (params as { brandId?: unknown } | undefined)?.brandId, SITE_ACCESS)
}
