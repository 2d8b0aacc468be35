import type { Stores } from '../ports/storage'
import { DEFAULT_SITE_CONFIG, normalizeSiteConfig, type SiteConfig, siteConfigSchema } from './site-config'

/** The settings key of a brand's streak rules. */
export const siteConfigKey = (brandId: string) => `site-config:${brandId.toLowerCase()}`

/**
 * A brand's streak rules (stored by `engine.site.setConfig` as JSON under the settings key), or the
 * defaults. A step of the site operations, not an operation.
 */
export async function readSiteConfig(stores: Pick<Stores, 'settings'>, brandId: string): Promise<SiteConfig> {
  const stored = await stores.settings.get(siteConfigKey(brandId))
  if (stored === undefined) return DEFAULT_SITE_CONFIG
  return normalizeSiteConfig(siteConfigSchema.parse(JSON.parse(stored)))
}
