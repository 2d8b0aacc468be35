import type { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { RateLimitWindow } from '../ports/rate-limit-store'
import { rateLimitWindowSchema } from './rate-limit-window-schema'

export const peekRateLimitParametersSchema = rateLimitWindowSchema

export type PeekRateLimitParameters = z.input<typeof peekRateLimitParametersSchema>

export type PeekRateLimitReturnType = RateLimitWindow

/** The current window of `key` without counting a hit (count 0 when nothing was counted yet). */
export async function peekRateLimit(
  ctx: EngineContext,
  params: PeekRateLimitParameters,
): Promise<PeekRateLimitReturnType> {
  const p = parseInput(peekRateLimitParametersSchema, params, 'Invalid rate limit')
  return ctx.storage.rateLimits.peek({ ...p, now: ctx.clock.now() })
}
