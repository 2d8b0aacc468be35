import { hostname } from 'node:os'
import type { Logger } from '@loyaltykit/engine'
import { type DestinationStream, type Logger as PinoLogger, pino } from 'pino'
import { prettyLogStream } from './pretty-log-stream'
import { REDACTED, redactSecrets, redactText } from './redact-secrets'

export type CreateLoggerOptions = {
  level?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** Where JSON lines go; default stderr (stdout is for command output). */
  destination?: DestinationStream | NodeJS.WritableStream
  /** Readable lines (pino-pretty) instead of JSON, e.g. when stderr is a terminal (`isTerminal`). */
  pretty?: boolean
  /** Fields on every line. */
  base?: Record<string, unknown>
}

const BINDING_SECRET_PATHS = [
  'authorization',
  'cookie',
  'apiKey',
  'api_key',
  'securityKey',
  'privateKey',
  'secret',
  'password',
  'masterKey',
  'minterKey',
  'deployerKey',
  'token',
  'accessToken',
  'signature',
]

export type ServerLogger = PinoLogger & Logger

/**
 * Structured JSON logger (pino). Secrets never reach the output: every logged object is deep-copied
 * with secret-named fields (authorization, cookie, apiKey, securityKey, secret, privateKey, password,
 * masterKey, signature, tokens, …) replaced by `[REDACTED]`, and credentials inside URLs are cut
 * from strings. Child bindings are meant for identifiers (requestId, brandId); the usual secret names
 * are redacted there too. Last, every finished line (bindings included) has secrets of a known form
 * (`lk_…` keys, `lksk_…`, `whsec_…`, Stripe keys, JWTs, `Bearer …`) cut. `pretty` changes the layout
 * only (pino-pretty), never what is logged.
 */
export function createLogger(options: CreateLoggerOptions = {}): ServerLogger {
  const out = options.destination ?? pino.destination({ fd: 2, sync: true })
  const destination = options.pretty ? prettyLogStream(out as NodeJS.WritableStream) : out
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid, hostname: hostname(), service: 'loyaltykit', ...options.base },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      formatters: {
        level: (label) => ({ level: label }),
        log: (obj) => redactSecrets(obj) as Record<string, unknown>,
        bindings: (bindings) => redactSecrets(bindings) as Record<string, unknown>,
      },
      // Child bindings skip `formatters.log`; pino's path redaction covers secret names there.
      redact: { paths: BINDING_SECRET_PATHS, censor: REDACTED },
      serializers: { err: (e: unknown) => e, error: (e: unknown) => e },
      hooks: {
        logMethod(args, method) {
          const clean = args.map((a) => (typeof a === 'string' ? redactText(a) : a)) as typeof args
          method.apply(this, clean)
        },
        // Last line of defence, on the finished line (child bindings included): secrets of a known form.
        streamWrite: redactText,
      },
    },
    destination as DestinationStream,
  ) as ServerLogger
}
