import type { EngineContext } from '../context'
import type { RateLimitInfo } from '../errors/rate-limited-error'
import { enforceRateLimit } from '../rate-limits/enforce-rate-limit'

/** The spec's pregeneration limits per brand. */
export type PregenerationLimits = { perMinute: number; perDay: number }

export const DEFAULT_PREGENERATION_LIMITS: PregenerationLimits = { perMinute: 100, perDay: 10_000 }

/**
 * Counts one pregeneration request of a brand in its current minute and UTC day (fixed windows held
 * in the database, so the limits hold across server processes) and throws RateLimitedError (429
 * RATE_LIMIT_EXCEEDED, the spec's `{ error, limit, window, retry_after }`) over either limit; a request
 * refused by the minute is not counted in the day. Answers the minute window's state for the
 * `X-RateLimit-*` headers.
 */
export async function enforcePregenerationLimits(
  ctx: EngineContext,
  brandId: string,
  limits: PregenerationLimits = DEFAULT_PREGENERATION_LIMITS,
): Promise<RateLimitInfo> {
  const hit = (window: 'minute' | 'day', windowMs: number, limit: number) =>
    enforceRateLimit(ctx, {
      key: `pregenerate:${brandId}:${window}`,
      limit,
      windowMs,
      refusal: (info) => ({
        message: 'Rate limit exceeded, please try again later',
        details: { limit, window, retry_after: info.retryAfter },
      }),
    })
  const info = await hit('minute', 60_000, limits.perMinute)
  await hit('day', 86_400_000, limits.perDay)
  return info
}
