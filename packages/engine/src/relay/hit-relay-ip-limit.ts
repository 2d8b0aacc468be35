import type { EngineContext } from '../context'
import { RateLimitedError, type RateLimitInfo } from '../events/event-errors'
import { RELAY_REQUESTS_PER_MINUTE_PER_IP } from './relay-options'

const MINUTE_MS = 60_000

/**
 * Counts one relayer API request of `ip` in the current fixed one-minute window. The window is held
 * in storage, so the limit holds across server processes sharing a database. Past the limit
 * (default 100) throws RateLimitedError 429 RATE_LIMIT_EXCEEDED (`details.scope: "ip"`).
 */
export async function hitRelayIpLimit(ctx: EngineContext, p: { ip: string; limit?: number }): Promise<RateLimitInfo> {
  const limit = p.limit ?? RELAY_REQUESTS_PER_MINUTE_PER_IP
  const now = ctx.clock.now()
  const windowStart = Math.floor(now / MINUTE_MS) * MINUTE_MS
  const windowEnd = windowStart + MINUTE_MS
  const { allowed, count } = await ctx.storage.relay.hitWindow({
    key: `relay:ip:${p.ip}`,
    windowStart,
    windowEnd,
    limit,
    purgeBefore: now - 10 * MINUTE_MS,
  })
  const info: RateLimitInfo = {
    limit,
    remaining: Math.max(0, limit - count),
    reset: Math.ceil(windowEnd / 1000),
    retryAfter: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
  }
  if (!allowed) {
    throw new RateLimitedError(
      `Too many requests: at most ${limit} relayer requests per minute from one address`,
      'RATE_LIMIT_EXCEEDED',
      { scope: 'ip', limit, windowSeconds: 60 },
      info,
    )
  }
  return info
}
