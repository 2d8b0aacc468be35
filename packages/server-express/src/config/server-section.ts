import { defineSection } from './define-section'
import { envValue } from './env-value'

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

/** The HTTP server and the process (docs/configuration.md#server). */
export type ServerConfig = {
  port: number
  /** Interface to listen on; undefined = all interfaces. */
  host: string | undefined
  /** Base URL clients use to reach this server (printed in curls); `http://localhost:PORT` by default. */
  publicUrl: string
  /** LOYALTYKIT_PUBLIC_URL was set (else `publicUrl` is the localhost default). */
  publicUrlConfigured: boolean
  /** Express `trust proxy` setting. */
  trustProxy: boolean | number | string
  /** Per-probe timeout of the health, diagnostic and readiness checks. */
  healthTimeoutMs: number
  /** Grace period for in-flight requests on SIGINT/SIGTERM. */
  shutdownTimeoutMs: number
  /** Limits of the HTTP server against slow and hostile clients (runtime/listen.ts). */
  http: HttpServerLimits
  /** Create a demo brand when the database holds no brand (default: not in production). */
  demoBrand: boolean
  /** LOG_LEVEL; undefined = the command's own default (`info` for start, `error` for data commands). */
  logLevel: LogLevel | undefined
  nodeEnv: 'development' | 'production' | 'test'
  production: boolean
}

/** Node's http.Server limits: slow headers and bodies are cut, idle connections closed, headers bounded. */
export type HttpServerLimits = {
  headersTimeoutMs: number
  requestTimeoutMs: number
  keepAliveTimeoutMs: number
  maxHeaderBytes: number
  maxHeadersCount: number
}

function parseTrustProxy(value: string): boolean | number | string | undefined {
  if (value === 'true') return true
  if (value === 'false') return false
  if (/^\d{1,2}$/.test(value)) return Number(value)
  return /^[\w.:/, -]+$/.test(value) ? value : undefined
}

export const serverSection = defineSection({
  title: 'Server',
  summary: 'The HTTP server of `loyaltykit start` and the process itself.',
  variables: {
    PORT: envValue
      .integer({ min: 0, max: 65535, default: 3000 })
      .describe('HTTP port of `loyaltykit start`. `0` picks a free port (printed in the banner).'),
    HOST: envValue.string({ unset: 'all interfaces' }).describe('Interface to listen on, e.g. `127.0.0.1`.'),
    LOYALTYKIT_PUBLIC_URL: envValue
      .url({ protocols: ['http', 'https'], unset: '`http://localhost:$PORT`' })
      .describe(
        'Base URL clients use to reach the server (printed curls, links in responses). Its origin is always allowed by CORS and the relayer.',
      ),
    LOYALTYKIT_TRUST_PROXY: envValue
      .custom({
        type: 'boolean, hop count or subnets',
        message: 'must be false, true, a hop count or a list of subnets',
        parse: parseTrustProxy,
        default: false,
      })
      .describe(
        'Express `trust proxy`: a hop count (`1`: one proxy in front), a list of trusted subnets (`loopback, 10.0.0.0/8`), or `true`. Set it behind a load balancer so client IPs (per-IP limits, logs) come from `X-Forwarded-For`; prefer a hop count: with `true` the client writes the address ([rate-limits.md](rate-limits.md#the-clients-address-trust-proxy-and-x-forwarded-for)).',
      ),
    LOYALTYKIT_HEALTH_TIMEOUT_MS: envValue
      .duration({ unit: 'ms', min: 50, max: 60_000, default: 2000 })
      .describe('Timeout of each dependency probe of `/loyalty-api/health` and `/diagnostic`.'),
    LOYALTYKIT_SHUTDOWN_TIMEOUT_MS: envValue
      .duration({ unit: 'ms', min: 0, max: 600_000, default: 10_000 })
      .describe('On SIGINT/SIGTERM, how long in-flight requests may finish before connections are dropped.'),
    LOYALTYKIT_HEADERS_TIMEOUT_MS: envValue
      .duration({ unit: 'ms', min: 1000, max: 600_000, default: 10_000 })
      .describe(
        'A client must send its whole request line and headers within this time, or the connection is answered 408 and closed (slow-header clients, slowloris). Checked every second.',
      ),
    LOYALTYKIT_REQUEST_TIMEOUT_MS: envValue
      .duration({ unit: 'ms', min: 1000, max: 600_000, default: 30_000 })
      .describe(
        'A client must send its whole request (headers and body) within this time, or it is answered 408 and closed (slow-body clients). Not a limit on how long the answer takes. At least the headers timeout.',
      ),
    LOYALTYKIT_KEEP_ALIVE_TIMEOUT_MS: envValue
      .duration({ unit: 'ms', min: 0, max: 600_000, default: 5000 })
      .describe(
        'An idle keep-alive connection is closed after this time. Behind a load balancer set it above the balancer’s idle timeout (e.g. 65s behind an AWS ALB’s 60 s).',
      ),
    LOYALTYKIT_MAX_HEADER_BYTES: envValue
      .integer({ min: 4096, max: 65_536, default: 16_384 })
      .describe('Largest request line plus headers, in bytes; larger is answered 431 and the connection closed.'),
    LOYALTYKIT_MAX_HEADERS_COUNT: envValue
      .integer({ min: 20, max: 2000, default: 100 })
      .describe('Headers read per request; any beyond are ignored.'),
    LOYALTYKIT_DEMO_BRAND: envValue
      .boolean({ unset: '`true`, except `false` when `NODE_ENV=production`' })
      .describe(
        'On a database without any brand, `start` creates a demo brand (websites `http://localhost:3000`, `http://localhost` and the public URL’s origin; the six default rules) and prints its brandId and keys once.',
      ),
    LOG_LEVEL: envValue
      .oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        unset: '`info` for `start`, `error` for data commands',
      })
      .describe(
        'Level of the logs on stderr (JSON lines for `start`, readable lines on a terminal and for the other commands). `debug` adds each request’s headers, `trace` its body, secrets redacted ([logs](#logs)).',
      ),
    NODE_ENV: envValue
      .oneOf(['development', 'production', 'test'], { default: 'development' })
      .describe(
        '`production` requires `LOYALTYKIT_MASTER_KEY`, and turns off the demo brand, the local payment provider and development login unless asked for.',
      ),
  },
  read(v): ServerConfig {
    return {
      port: v.PORT,
      host: v.HOST,
      publicUrl: v.LOYALTYKIT_PUBLIC_URL ?? `http://localhost:${v.PORT}`,
      publicUrlConfigured: v.LOYALTYKIT_PUBLIC_URL !== undefined,
      trustProxy: v.LOYALTYKIT_TRUST_PROXY,
      healthTimeoutMs: v.LOYALTYKIT_HEALTH_TIMEOUT_MS,
      shutdownTimeoutMs: v.LOYALTYKIT_SHUTDOWN_TIMEOUT_MS,
      http: {
        headersTimeoutMs: v.LOYALTYKIT_HEADERS_TIMEOUT_MS,
        requestTimeoutMs: Math.max(v.LOYALTYKIT_REQUEST_TIMEOUT_MS, v.LOYALTYKIT_HEADERS_TIMEOUT_MS),
        keepAliveTimeoutMs: v.LOYALTYKIT_KEEP_ALIVE_TIMEOUT_MS,
        maxHeaderBytes: v.LOYALTYKIT_MAX_HEADER_BYTES,
        maxHeadersCount: v.LOYALTYKIT_MAX_HEADERS_COUNT,
      },
      demoBrand: v.LOYALTYKIT_DEMO_BRAND ?? v.NODE_ENV !== 'production',
      logLevel: v.LOG_LEVEL,
      nodeEnv: v.NODE_ENV,
      production: v.NODE_ENV === 'production',
    }
  },
})
