import { defineSection } from './define-section'
import { envValue } from './env-value'

/** Prometheus metrics and the liveness/readiness probes (docs/operations.md, docs/configuration.md#metrics-and-probes). */
export type ObservabilityConfig = {
  metrics: {
    /** A port of its own for `/metrics`; undefined: `/metrics` is on the main port. */
    port: number | undefined
    /** Interface of that port. */
    host: string
    /** Bearer token every scrape must present; undefined: none. */
    token: string | undefined
    /**
     * `/metrics` on the main port: when no port of its own is set, and in production only with a
     * token (the main port is public; metrics tell business volumes and signer addresses).
     */
    onMainPort: boolean
    /** The gauges read from the database and the chain are read at most once per this many ms. */
    cacheMs: number
  }
  readiness: {
    /** `/readyz` fails when more mint jobs than this wait (pending + batched). */
    maxMintBacklog: number
  }
}

export const observabilitySection = defineSection({
  title: 'Metrics and probes',
  summary:
    'Prometheus `/metrics` and the `/livez` and `/readyz` probes ([operations.md](operations.md), [production.md](production.md)).',
  variables: {
    LOYALTYKIT_METRICS_PORT: envValue
      .integer({ min: 0, max: 65535, unset: '`/metrics` on the main port' })
      .describe(
        'Serve `/metrics` on this port only (bound to `LOYALTYKIT_METRICS_HOST`), never on the main port. `0` picks a free port.',
      ),
    LOYALTYKIT_METRICS_HOST: envValue
      .string({ default: '127.0.0.1' })
      .describe(
        'Interface of `LOYALTYKIT_METRICS_PORT`: loopback by default; e.g. `0.0.0.0` or a private address for a Prometheus on another host.',
      ),
    LOYALTYKIT_METRICS_TOKEN: envValue
      .secret(
        envValue.string({
          type: 'token (16+ visible characters)',
          pattern: /^[\x21-\x7e]{16,}$/,
          message: 'must be at least 16 visible ASCII characters (e.g. `openssl rand -hex 32`)',
          unset: 'no token',
        }),
      )
      .describe(
        'Scrapes of `/metrics` must send `Authorization: Bearer <token>` (on either port). With `NODE_ENV=production` and no `LOYALTYKIT_METRICS_PORT`, `/metrics` is served on the main port only when this is set.',
      ),
    LOYALTYKIT_METRICS_CACHE_MS: envValue
      .duration({ unit: 'ms', min: 0, max: 300_000, default: 5_000 })
      .describe(
        'The gauges read from the database and the chain (queue depths, nonce drift, balances) are read at most once per this period, however often Prometheus scrapes.',
      ),
    LOYALTYKIT_READY_MAX_MINT_BACKLOG: envValue
      .integer({ min: 1, max: 100_000_000, default: 10_000 })
      .describe(
        '`/readyz` answers 503 while more mint jobs than this wait to be confirmed (pending + batched, across every process).',
      ),
  },
  read(v, deps: { port: number; production: boolean }, report): ObservabilityConfig {
    const port = v.LOYALTYKIT_METRICS_PORT
    if (port === undefined && v.LOYALTYKIT_METRICS_HOST !== '127.0.0.1')
      report('LOYALTYKIT_METRICS_HOST', 'needs LOYALTYKIT_METRICS_PORT (without it `/metrics` is on the main port)')
    if (port !== undefined && port !== 0 && port === deps.port)
      report('LOYALTYKIT_METRICS_PORT', 'must differ from PORT (unset it to serve `/metrics` on the main port)')
    return {
      metrics: {
        port,
        host: v.LOYALTYKIT_METRICS_HOST,
        token: v.LOYALTYKIT_METRICS_TOKEN,
        onMainPort: port === undefined && (!deps.production || v.LOYALTYKIT_METRICS_TOKEN !== undefined),
        cacheMs: v.LOYALTYKIT_METRICS_CACHE_MS,
      },
      readiness: { maxMintBacklog: v.LOYALTYKIT_READY_MAX_MINT_BACKLOG },
    }
  },
})
