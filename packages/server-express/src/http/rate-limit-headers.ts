import type { RateLimitInfo } from '@loyaltykit/engine'
import type { Response } from 'express'

/** `X-RateLimit-Limit/Remaining/Reset` (epoch seconds) and `Retry-After` (seconds) of a rate limit. */
export function setRateLimitHeaders(res: Response, error: unknown): void {
  const info = (error as { rateLimit?: RateLimitInfo }).rateLimit
  if (!info) return
  res.setHeader('X-RateLimit-Limit', String(info.limit))
  res.setHeader('X-RateLimit-Remaining', String(info.remaining))
  res.setHeader('X-RateLimit-Reset', String(info.reset))
  res.setHeader('Retry-After', String(Math.max(0, Math.ceil(info.retryAfter))))
}
