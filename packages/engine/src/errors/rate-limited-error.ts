import { LoyaltyError } from './loyalty-error'

/** Headers a rate-limited answer carries (`X-RateLimit-*`, `Retry-After`). */
export type RateLimitInfo = {
  limit: number
  remaining: number
  /** Epoch seconds when the limit resets. */
  reset: number
  /** Seconds to wait. */
  retryAfter: number
}

/** An error that answers 429 with rate-limit headers (any domain: events, relayer, pregeneration, agents). */
export class RateLimitedError extends LoyaltyError {
  override name = 'RateLimitedError'
  readonly rateLimit: RateLimitInfo
  constructor(message: string, code: string, details: unknown, rateLimit: RateLimitInfo) {
    super(message, { code, category: 'rate_limit', details })
    this.rateLimit = rateLimit
  }
}
