import { defineSection } from './define-section'
import { envValue } from './env-value'

/** Settings of the event handler surface (docs/event-handler.md, docs/configuration.md#event-handler). */
export type EventHandlerConfig = {
  /** Same event type + user inside this window → 409. */
  duplicateWindowMs: number
  /** Server-side cache of event-config answers. */
  eventConfigTtlMs: number
  /** `Cache-Control: max-age` of event-config answers, in seconds. */
  eventConfigMaxAgeSeconds: number
  /** The service's own origins, always allowed by CORS (the public URL's origin first). */
  corsOrigins: string[]
  /** DNS servers for verify-dns (`host[:port]`); the system's when empty. */
  dnsServers: string[]
}

const dnsServer = (t: string) => (/^(\[[0-9a-fA-F:]+\]|[0-9.]+|[0-9a-fA-F:]+)(:\d{1,5})?$/.test(t) ? t : undefined)

export const eventHandlerSection = defineSection({
  title: 'Event handler',
  summary: 'Events from brands’ backends and websites ([event-handler.md](event-handler.md)).',
  variables: {
    LOYALTYKIT_DUPLICATE_WINDOW_MS: envValue
      .duration({ unit: 'ms', min: 0, max: 86_400_000, default: 60_000 })
      .describe(
        'The same event type for the same user within this long of their last accepted claim is a 409 `DUPLICATE_EVENT` (internal sources excepted). `0` turns it off.',
      ),
    LOYALTYKIT_EVENT_CONFIG_TTL_MS: envValue
      .duration({ unit: 'ms', min: 0, max: 3_600_000, default: 300_000 })
      .describe(
        'How long each server process keeps a brand’s `event-config` answer in memory. A rule change drops it at once in every process. `0` turns the cache off.',
      ),
    LOYALTYKIT_EVENT_CONFIG_MAX_AGE: envValue
      .duration({ unit: 's', min: 0, max: 3_600, default: 60 })
      .describe(
        '`Cache-Control: public, max-age=N` of `event-config` answers (browsers and CDNs may serve a changed rule this late).',
      ),
    LOYALTYKIT_CORS_ORIGINS: envValue
      .origins({ unset: 'only the origin of `LOYALTYKIT_PUBLIC_URL`' })
      .describe(
        'Extra **service origins** (`https://admin.example.com`, no path) that CORS always allows, besides the public URL’s origin and the brands’ own websites ([event-handler.md](event-handler.md#cors)). Never `*`.',
      ),
    LOYALTYKIT_DNS_SERVERS: envValue
      .list({ of: 'IP[:port] addresses', item: dnsServer, unset: 'the system’s resolvers' })
      .describe(
        'DNS servers (`IP[:port]`, IPv6 as `[::1]:53`) that `verify-dns` queries and that the SSRF guard resolves webhook endpoint and constraint API hosts with ([security.md](security.md#api7--server-side-request-forgery)). Unset: the system’s resolver (`getaddrinfo`, which reads /etc/hosts too).',
      ),
  },
  read(v, deps: { publicUrl: string }): EventHandlerConfig {
    return {
      duplicateWindowMs: v.LOYALTYKIT_DUPLICATE_WINDOW_MS,
      eventConfigTtlMs: v.LOYALTYKIT_EVENT_CONFIG_TTL_MS,
      eventConfigMaxAgeSeconds: v.LOYALTYKIT_EVENT_CONFIG_MAX_AGE,
      corsOrigins: [...new Set([new URL(deps.publicUrl).origin, ...(v.LOYALTYKIT_CORS_ORIGINS ?? [])])],
      dnsServers: v.LOYALTYKIT_DNS_SERVERS ?? [],
    }
  },
})
