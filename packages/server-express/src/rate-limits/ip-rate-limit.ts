import { type ApiKeyScope, type Engine, type Logger, RateLimitedError } from '@loyaltykit/engine'
import type { Request, RequestHandler } from 'express'
import { type AugmentedRequest, rateLimit } from 'express-rate-limit'
import { bearerToken } from '../http/bearer-token'
import type { ErrorSurface } from '../http/error-surface'
import { SharedRateLimitStore } from './shared-rate-limit-store'

const WINDOW_MS = 60_000

/** One public surface's per-IP limit. */
export type IpRateLimitSurface = {
  /** Names the surface's windows (`ip:<name>:<address or subnet>`). */
  name: string
  /** Paths the limit covers (prefixes, as `app.use` matches them). */
  paths: string[]
  /** Requests per address per clock minute; 0 = not limited. */
  limit: number
  /** The error body shape of the surface's 429. */
  errorSurface: ErrorSurface
  /** The 429's message. */
  message: string
  /** Requests with `Authorization: Bearer <a valid brand API key with one of these scopes>` are not counted. */
  exemptKeyScopes?: readonly ApiKeyScope[]
}

export type IpRateLimitOptions = {
  /** IPv6 addresses count per subnet of this prefix length. */
  ipv6Subnet: number
  /** Receives express-rate-limit's own warnings (e.g. `trust proxy` misconfigurations). */
  logger: Logger
}

/**
 * express-rate-limit over the shared store for one surface: keys are the client address as Express
 * reads it (`req.ip`, so `trust proxy` decides whether `X-Forwarded-For` counts), IPv6 grouped by
 * subnet (`ipKeyGenerator`); every counted answer carries `X-RateLimit-Limit/Remaining/Reset`
 * (epoch seconds); past the limit the request fails with RateLimitedError (429 RATE_LIMIT_EXCEEDED,
 * `Retry-After`, the surface's body shape). Preflights and brand API-key callers are not counted.
 */
export function ipRateLimit(engine: Engine, surface: IpRateLimitSurface, options: IpRateLimitOptions): RequestHandler {
  const scopes = surface.exemptKeyScopes ?? []
  const hasBrandKey = async (req: Request) => {
    const apiKey = scopes.length > 0 ? bearerToken(req) : undefined
    if (apiKey === undefined) return false
    for (const scope of scopes) if ((await engine.apiKeys.verify({ apiKey, scope })) !== undefined) return true
    return false
  }
  return rateLimit({
    windowMs: WINDOW_MS,
    limit: surface.limit,
    ipv6Subnet: options.ipv6Subnet,
    legacyHeaders: true,
    standardHeaders: false,
    store: new SharedRateLimitStore(engine.rateLimits, `ip:${surface.name}:`),
    skip: async (req) => req.method === 'OPTIONS' || (await hasBrandKey(req)),
    handler: (req, res, next) => {
      const resetAt = (req as AugmentedRequest).rateLimit?.resetTime?.getTime() ?? Date.now() + WINDOW_MS
      res.locals.errorSurface = surface.errorSurface
      next(
        new RateLimitedError(
          surface.message,
          'RATE_LIMIT_EXCEEDED',
          { scope: 'ip', limit: surface.limit, windowSeconds: WINDOW_MS / 1000 },
          {
            limit: surface.limit,
            remaining: 0,
            reset: Math.ceil(resetAt / 1000),
            retryAfter: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)),
          },
        ),
      )
    },
    logger: {
      error: (err, msg) => options.logger.error({ err }, msg ?? 'rate limiter error'),
      warn: (err, msg) => options.logger.warn({ err }, msg ?? 'rate limiter warning'),
    },
  })
}
