import type { LoyaltyError } from '../errors/loyalty-error'
import { RateLimitedError } from '../errors/rate-limited-error'
import type { EligibilityReason } from './check-eligibility-schema'
import {
  ChannelNotAllowedError,
  DomainNotAuthorizedError,
  DuplicateEventError,
  EventTypeNotConfiguredError,
} from './event-errors'

/**
 * The error manual-event answers for a refusal of `judgeEvent`: 403 domain or channel, 400 for an
 * unknown or disabled type (the same answer for both), 409 duplicate, 429 with rate-limit headers
 * for the claim limits. `now` dates the 429s' `X-RateLimit-Reset`.
 */
export function refusalError(refusal: EligibilityReason, now: number): LoyaltyError {
  const nowSeconds = Math.floor(now / 1000)
  switch (refusal.code) {
    case 'domain':
      return new DomainNotAuthorizedError(refusal.message, {
        domain: refusal.domain,
        configuredDomains: refusal.configuredDomains,
      })
    case 'unknown_event':
    case 'disabled':
      return new EventTypeNotConfiguredError(refusal.eventType)
    case 'channel':
      return new ChannelNotAllowedError(refusal.channel, refusal.allowedChannels)
    case 'duplicate':
      return new DuplicateEventError(refusal.existingEventId, refusal.windowSeconds)
    case 'cooldown':
      return new RateLimitedError(
        'Cooldown active',
        'COOLDOWN_ACTIVE',
        {
          message: refusal.message,
          reason: 'cooldown',
          cooldownSeconds: refusal.retryAfterSeconds,
          previousReward: refusal.previousReward,
        },
        {
          limit: 1,
          remaining: 0,
          reset: nowSeconds + refusal.retryAfterSeconds,
          retryAfter: refusal.retryAfterSeconds,
        },
      )
    case 'max_claims':
      return new RateLimitedError(
        'Max claims reached',
        'MAX_CLAIMS_REACHED',
        {
          message: refusal.message,
          reason: 'max_claims_reached',
          totalClaims: refusal.totalClaims,
          maxClaims: refusal.maxClaims,
        },
        // No reset: a per-user maximum never resets. Clients see a day as the earliest sensible retry.
        { limit: refusal.maxClaims, remaining: 0, reset: nowSeconds + 86_400, retryAfter: 86_400 },
      )
    case 'max_total_claims':
      return new RateLimitedError(
        'Max total claims reached',
        'MAX_TOTAL_CLAIMS_REACHED',
        {
          message: refusal.message,
          reason: 'max_total_claims_reached',
          totalClaims: refusal.totalClaims,
          maxTotalClaims: refusal.maxTotalClaims,
        },
        { limit: refusal.maxTotalClaims, remaining: 0, reset: nowSeconds + 86_400, retryAfter: 86_400 },
      )
  }
}
