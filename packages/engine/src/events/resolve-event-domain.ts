import { hostOf } from '../web/domain-names'

type EventDomainSource = 'domain' | 'sourceUrl' | 'origin'

export type ResolvedEventDomain = { host: string; source: EventDomainSource }

/**
 * The domain an event claims to come from: `domain`, else the host of `sourceUrl`, else the host of
 * the request's `Origin` header (the spec's order). Undefined when none is usable.
 */
export function resolveEventDomain(input: {
  domain?: string | undefined
  sourceUrl?: string | undefined
  origin?: string | undefined
}): ResolvedEventDomain | undefined {
  const candidates: [EventDomainSource, string | undefined][] = [
    ['domain', input.domain],
    ['sourceUrl', input.sourceUrl],
    ['origin', input.origin],
  ]
  for (const [source, value] of candidates) {
    if (value === undefined) continue
    const host = hostOf(value)
    if (host) return { host, source }
  }
  return undefined
}
