import { z } from 'zod'
import type { EngineContext } from '../context'
import type { RateLimitInfo } from '../errors/rate-limited-error'
import { parseInput } from '../errors/zod-issues'
import { enforceRateLimit } from '../rate-limits/enforce-rate-limit'
import { RELAY_REQUESTS_PER_MINUTE_PER_IP } from './relay-options'

export const hitRelayIpLimitParametersSchema = z.object({
  /** The client's address as the server sees it (`unknown` when it cannot tell). */
  ip: z.string().max(256),
})

export type HitRelayIpLimitParameters = z.input<typeof hitRelayIpLimitParametersSchema>

export type HitRelayIpLimitOptions = {
  /** Requests per minute; default 100 (the spec's). */
  limit?: number
}

/**
 * Counts one relayer API request of `ip` in the current fixed one-minute window. The window is held
 * in storage, so the limit holds across server processes sharing a database. Past the limit
 * (default 100) throws RateLimitedError 429 RATE_LIMIT_EXCEEDED (`details.scope: "ip"`).
 */
export async function hitRelayIpLimit(
  ctx: EngineContext,
  params: HitRelayIpLimitParameters,
  options: HitRelayIpLimitOptions = {},
): Promise<RateLimitInfo> {
  const p = parseInput(hitRelayIpLimitParametersSchema, params)
  const limit = options.limit ?? RELAY_REQUESTS_PER_MINUTE_PER_IP
  return enforceRateLimit(ctx, {
    key: `relay:ip:${p.ip}`,
    limit,
    windowMs: 60_000,
    refusal: () => ({
      message: `Too many requests: at most ${limit} relayer requests per minute from one address`,
      details: { scope: 'ip', limit, windowSeconds: 60 },
    }),
  })
}
