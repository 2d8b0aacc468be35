import { hostOf, isSameOrSubdomain } from '../web/domain-names'
import { isDomainAuthorized } from '../web/is-domain-authorized'
import { DomainNotAuthorizedError } from './event-errors'
import { resolveEventDomain } from './resolve-event-domain'

/**
 * Resolves the event's domain (`domain` → `sourceUrl` → `Origin`) and checks it against the brand's
 * websites. When the request carries an `Origin` that names another site than the resolved domain,
 * it is refused: a browser page cannot claim another site's domain. Answers the resolved host.
 */
export function authorizeEventDomain(
  input: { domain?: string | undefined; sourceUrl?: string | undefined },
  origin: string | undefined,
  websites: readonly string[],
): string {
  const configuredDomains = [...new Set(websites.map((w) => hostOf(w) ?? w))]
  const resolved = resolveEventDomain({ domain: input.domain, sourceUrl: input.sourceUrl, origin })
  if (!resolved) {
    throw new DomainNotAuthorizedError('Domain not authorized', { domain: null, configuredDomains })
  }
  const originHost = origin === undefined ? undefined : hostOf(origin)
  if (
    originHost !== undefined &&
    !isSameOrSubdomain(originHost, resolved.host) &&
    !isSameOrSubdomain(resolved.host, originHost)
  ) {
    throw new DomainNotAuthorizedError(
      `Domain not authorized: the page at ${originHost} cannot send events for ${resolved.host}`,
      {
        domain: resolved.host,
        configuredDomains,
      },
    )
  }
  if (!isDomainAuthorized(resolved.host, websites)) {
    throw new DomainNotAuthorizedError(
      `Domain not authorized: ${resolved.host} is not configured for this brand (configured: ${configuredDomains.join(', ')})`,
      { domain: resolved.host, configuredDomains },
    )
  }
  return resolved.host
}
