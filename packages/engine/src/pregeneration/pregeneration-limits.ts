import type { EngineContext } from '../context'
import type { RateLimitInfo } from '../events/event-errors'
import { PregenerationRateLimitedError } from './pregeneration-errors'

/** The spec's pregeneration limits per brand. */
export type PregenerationLimits = { perMinute: number; perDay: number }

export const DEFAULT_PREGENERATION_LIMITS: PregenerationLimits = { perMinute: 100, perDay: 10_000 }

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

/**
 * Counts one pregeneration request of a brand in its current minute and UTC day (fixed windows held
 * in the database, so the limits hold across server processes) and throws PregenerationRateLimitedError
 * (429) over either limit. Answers the minute window's state for the `X-RateLimit-*` headers.
 */
export async function enforcePregenerationLimits(
  ctx: EngineContext,
  brandId: string,
  limits: PregenerationLimits = DEFAULT_PREGENERATION_LIMITS,
): Promise<RateLimitInfo> {
  const now = ctx.clock.now()
  const purgeBefore = now - 2 * DAY_MS
  const windows = [
    { name: 'minute' as const, size: MINUTE_MS, limit: limits.perMinute },
    { name: 'day' as const, size: DAY_MS, limit: limits.perDay },
  ]
  let info: RateLimitInfo | undefined
  for (const w of windows) {
    const windowStart = Math.floor(now / w.size) * w.size
    const windowEnd = windowStart + w.size
    const count = await ctx.storage.pregenerations.countRequest({
      key: `pregenerate:${brandId}:${w.name}`,
      windowStart,
      windowEnd,
      purgeBefore,
    })
    const state: RateLimitInfo = {
      limit: w.limit,
      remaining: Math.max(0, w.limit - count),
      reset: Math.ceil(windowEnd / 1000),
      retryAfter: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
    }
    if (count > w.limit) throw new PregenerationRateLimitedError(w.name, state)
    info ??= state
  }
  return info as RateLimitInfo
}
