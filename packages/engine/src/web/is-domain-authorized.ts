import { hostOf, isSameOrSubdomain } from './domain-names'

/**
 * True when `host` is one of the brand's websites or a subdomain of one (a subdomain matches its
 * parent's configuration). Websites are stored as URLs or origins; only their host counts.
 */
export function isDomainAuthorized(host: string, websites: readonly string[]): boolean {
  return websites.some((site) => {
    const siteHost = hostOf(site)
    return siteHost !== undefined && isSameOrSubdomain(host, siteHost)
  })
}
