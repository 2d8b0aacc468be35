import type { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { RateLimitHit } from '../ports/rate-limit-store'
import { rateLimitWindowSchema } from './rate-limit-window-schema'

export const hitRateLimitParametersSchema = rateLimitWindowSchema

export type HitRateLimitParameters = z.input<typeof hitRateLimitParametersSchema>

export type HitRateLimitReturnType = RateLimitHit

/**
 * Counts one hit of `key` in its current fixed window (`ctx.storage.rateLimits`, shared by every
 * server process on the database) unless the window already holds `limit` hits, and answers the
 * window: `allowed`, `count`, `remaining`, `resetAt` (epoch ms). Never throws for a full window: the
 * caller decides (the server's per-IP limits answer 429 through express-rate-limit). Business
 * limits that throw RateLimitedError use `enforceRateLimit` instead.
 */
export async function hitRateLimit(
  ctx: EngineContext,
  params: HitRateLimitParameters,
): Promise<HitRateLimitReturnType> {
  const p = parseInput(hitRateLimitParametersSchema, params, 'Invalid rate limit')
  return ctx.storage.rateLimits.hit({ ...p, now: ctx.clock.now() })
}
