import type { RateLimitInfo } from '../errors/rate-limited-error'
import type { RateLimitWindow } from '../ports/rate-limit-store'

/**
 * The `X-RateLimit-*` / `Retry-After` view of a window: `reset` in epoch seconds (rounded up) and
 * `retryAfter` the seconds until then, at least 1.
 */
export function toRateLimitInfo(window: Pick<RateLimitWindow, 'limit' | 'remaining' | 'resetAt'>, now: number) {
  return {
    limit: window.limit,
    remaining: window.remaining,
    reset: Math.ceil(window.resetAt / 1000),
    retryAfter: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
  } satisfies RateLimitInfo
}
