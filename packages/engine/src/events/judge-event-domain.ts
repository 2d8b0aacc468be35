import { hostOf, isSameOrSubdomain } from '../web/domain-names'
import { isDomainAuthorized } from '../web/is-domain-authorized'
import type { EligibilityReason } from './check-eligibility-schema'
import { resolveEventDomain } from './resolve-event-domain'

export type DomainRefusal = Extract<EligibilityReason, { code: 'domain' }>

/**
 * Judges the event's domain (`domain` → `sourceUrl` → `Origin`) against the brand's websites: the
 * refusal, or undefined when authorized. When the request carries an `Origin` that names another site
 * than the resolved domain, it is refused: a browser page cannot claim another site's domain.
 */
export function judgeEventDomain(
  input: { domain?: string | undefined; sourceUrl?: string | undefined },
  origin: string | undefined,
  websites: readonly string[],
): DomainRefusal | undefined {
  const configuredDomains = [...new Set(websites.map((w) => hostOf(w) ?? w))]
  const resolved = resolveEventDomain({ domain: input.domain, sourceUrl: input.sourceUrl, origin })
  if (!resolved) return { code: 'domain', message: 'Domain not authorized', domain: null, configuredDomains }
  const originHost = origin === undefined ? undefined : hostOf(origin)
  if (
    originHost !== undefined &&
    !isSameOrSubdomain(originHost, resolved.host) &&
    !isSameOrSubdomain(resolved.host, originHost)
  ) {
    return {
      code: 'domain',
      message: `Domain not authorized: the page at ${originHost} cannot send events for ${resolved.host}`,
      domain: resolved.host,
      configuredDomains,
    }
  }
  if (!isDomainAuthorized(resolved.host, websites)) {
    return {
      code: 'domain',
      message: `Domain not authorized: ${resolved.host} is not configured for this brand (configured: ${configuredDomains.join(', ')})`,
      domain: resolved.host,
      configuredDomains,
    }
  }
  return undefined
}
