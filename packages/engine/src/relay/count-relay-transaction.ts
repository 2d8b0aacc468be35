import type { EngineContext } from '../context'
import type { RateLimitInfo } from '../errors/rate-limited-error'
import { enforceRateLimit } from '../rate-limits/enforce-rate-limit'

/**
 * Counts one relayed transaction of `userAddress` in the current fixed hourly window (held in
 * storage, so every server process shares it) and answers the rate-limit headers. The request past
 * the limit (the 36th by default) throws RateLimitedError 429 RATE_LIMIT_EXCEEDED.
 */
export async function countRelayTransaction(
  ctx: EngineContext,
  p: { userAddress: string; limit: number },
): Promise<RateLimitInfo> {
  const userAddress = p.userAddress.toLowerCase()
  return enforceRateLimit(ctx, {
    key: `relay:user:${userAddress}`,
    limit: p.limit,
    windowMs: 3_600_000,
    refusal: ({ reset }) => ({
      message: `Too many transactions: at most ${p.limit} relayed transactions per hour for this address`,
      details: { scope: 'user', userAddress, limit: p.limit, windowSeconds: 3600, reset },
    }),
  })
}
