import type { EngineContext } from '../context'
import { RateLimitedError, type RateLimitInfo } from '../errors/rate-limited-error'
import { toRateLimitInfo } from './to-rate-limit-info'

/** What a refused hit answers: the RateLimitedError's message, code and details. */
export type RateLimitRefusal = {
  message: string
  /** Default `RATE_LIMIT_EXCEEDED`. */
  code?: string
  details?: unknown
}

/**
 * Counts one hit of `key` in its current fixed window (`ctx.storage.rateLimits`: shared by every
 * server process) and answers the window for the `X-RateLimit-*` headers. Past `limit` throws
 * RateLimitedError (429, with `Retry-After`) built from `refusal(info)`. Every business limit (relayer,
 * pregeneration, agent API, per-IP limits) goes through here.
 */
export async function enforceRateLimit(
  ctx: Pick<EngineContext, 'storage' | 'clock'>,
  p: { key: string; limit: number; windowMs: number; refusal: (info: RateLimitInfo) => RateLimitRefusal },
): Promise<RateLimitInfo> {
  const now = ctx.clock.now()
  const hit = await ctx.storage.rateLimits.hit({ key: p.key, limit: p.limit, windowMs: p.windowMs, now })
  const info = toRateLimitInfo(hit, now)
  if (!hit.allowed) {
    const r = p.refusal(info)
    throw new RateLimitedError(r.message, r.code ?? 'RATE_LIMIT_EXCEEDED', r.details, info)
  }
  return info
}
