import type { EngineContext } from '../context'
import { RateLimitedError, type RateLimitInfo } from '../events/event-errors'

const HOUR_MS = 3_600_000

/**
 * Counts one relayed transaction of `userAddress` in the current fixed hourly window (held in
 * storage, so every server process shares it) and answers the rate-limit headers. The request past
 * the limit (the 36th by default) throws RateLimitedError 429 RATE_LIMIT_EXCEEDED.
 */
export async function countRelayTransaction(
  ctx: EngineContext,
  p: { userAddress: string; limit: number },
): Promise<RateLimitInfo> {
  const now = ctx.clock.now()
  const windowStart = Math.floor(now / HOUR_MS) * HOUR_MS
  const windowEnd = windowStart + HOUR_MS
  const { allowed, count } = await ctx.storage.relay.hitWindow({
    key: `relay:user:${p.userAddress.toLowerCase()}`,
    windowStart,
    windowEnd,
    limit: p.limit,
    purgeBefore: now - 24 * HOUR_MS,
  })
  const reset = Math.ceil(windowEnd / 1000)
  const info: RateLimitInfo = {
    limit: p.limit,
    remaining: Math.max(0, p.limit - count),
    reset,
    retryAfter: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
  }
  if (!allowed) {
    throw new RateLimitedError(
      `Too many transactions: at most ${p.limit} relayed transactions per hour for this address`,
      'RATE_LIMIT_EXCEEDED',
      { scope: 'user', userAddress: p.userAddress.toLowerCase(), limit: p.limit, windowSeconds: 3600, reset },
      info,
    )
  }
  return info
}
