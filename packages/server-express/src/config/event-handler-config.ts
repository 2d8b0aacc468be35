import { ConfigError } from '@loyaltykit/engine'
import { z } from 'zod'

/** Settings of the event handler surface (docs/configuration.md). */
export type EventHandlerConfig = {
  /** Same event type + user inside this window → 409 (`LOYALTYKIT_DUPLICATE_WINDOW_MS`, default 60000). */
  duplicateWindowMs: number
  /** Server-side cache of event-config (`LOYALTYKIT_EVENT_CONFIG_TTL_MS`, default 300000 = the spec's 5 minutes). */
  eventConfigTtlMs: number
  /** `Cache-Control: max-age` of event-config answers (`LOYALTYKIT_EVENT_CONFIG_MAX_AGE`, seconds, default 60). */
  eventConfigMaxAgeSeconds: number
  /** The service's own origins, always allowed by CORS (`LOYALTYKIT_CORS_ORIGINS`, comma-separated). */
  corsOrigins: string[]
  /** DNS servers for verify-dns (`LOYALTYKIT_DNS_SERVERS`, comma-separated `host[:port]`); the system's when empty. */
  dnsServers: string[]
}

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v)
const integer = (min: number, max: number, unit: string) => {
  const error = `must be an integer number of ${unit} (${min}-${max})`
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error })
}
const list = (item: z.ZodType<string, string>, what: string) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(z.array(item, { error: `must be a comma-separated list of ${what}` }))

const origin = z
  .string()
  .refine(
    (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && new URL(v).origin === v.replace(/\/$/, ''),
    {
      error: 'must be a comma-separated list of origins like https://admin.example.com',
    },
  )
  .transform((v) => new URL(v).origin)

const dnsServer = z.string().regex(/^(\[[0-9a-fA-F:]+\]|[0-9.]+|[0-9a-fA-F:]+)(:\d{1,5})?$/, {
  error: 'must be a comma-separated list of IP[:port] addresses',
})

const schema = z.object({
  LOYALTYKIT_DUPLICATE_WINDOW_MS: z.preprocess(blankIsUnset, integer(0, 86_400_000, 'milliseconds').default(60_000)),
  LOYALTYKIT_EVENT_CONFIG_TTL_MS: z.preprocess(blankIsUnset, integer(0, 3_600_000, 'milliseconds').default(300_000)),
  LOYALTYKIT_EVENT_CONFIG_MAX_AGE: z.preprocess(blankIsUnset, integer(0, 3_600, 'seconds').default(60)),
  LOYALTYKIT_CORS_ORIGINS: z.preprocess(blankIsUnset, list(origin, 'origins').optional()),
  LOYALTYKIT_DNS_SERVERS: z.preprocess(blankIsUnset, list(dnsServer, 'IP[:port] addresses').optional()),
})

/**
 * Reads the event handler's settings. `publicUrl` (the server's own address) is always one of the
 * CORS service origins. Throws one ConfigError naming every invalid variable.
 */
export function loadEventHandlerConfig(
  env: Readonly<Record<string, string | undefined>>,
  publicUrl: string,
): EventHandlerConfig {
  const r = schema.safeParse(env)
  if (!r.success) {
    const problems = r.error.issues.map((i) => `${String(i.path[0])} ${i.message}`)
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`, {
      variables: r.error.issues.map((i) => String(i.path[0])),
    })
  }
  const e = r.data
  return {
    duplicateWindowMs: e.LOYALTYKIT_DUPLICATE_WINDOW_MS,
    eventConfigTtlMs: e.LOYALTYKIT_EVENT_CONFIG_TTL_MS,
    eventConfigMaxAgeSeconds: e.LOYALTYKIT_EVENT_CONFIG_MAX_AGE,
    corsOrigins: [...new Set([new URL(publicUrl).origin, ...(e.LOYALTYKIT_CORS_ORIGINS ?? [])])],
    dnsServers: e.LOYALTYKIT_DNS_SERVERS ?? [],
  }
}
