import { RateLimitedError } from '../errors/rate-limited-error'
import type { EventRule } from '../ports/rule-store'
import type { ClaimDecision } from './evaluate-claim'
import { DuplicateEventError } from './event-errors'

/** The error that answers a refused claim (409 duplicate, 429 with rate-limit headers otherwise). */
export function claimRefusal(
  decision: Exclude<ClaimDecision, { ok: true }>,
  rule: EventRule,
  now: number,
  windowMs: number,
): Error {
  const nowSeconds = Math.floor(now / 1000)
  switch (decision.reason) {
    case 'duplicate':
      return new DuplicateEventError(decision.existingEventId, Math.round(windowMs / 1000))
    case 'cooldown':
      return new RateLimitedError(
        'Cooldown active',
        'COOLDOWN_ACTIVE',
        {
          message: `This reward was already earned; try again in ${decision.cooldownSeconds} seconds`,
          reason: 'cooldown',
          cooldownSeconds: decision.cooldownSeconds,
          previousReward: decision.previousReward,
        },
        { limit: 1, remaining: 0, reset: nowSeconds + decision.cooldownSeconds, retryAfter: decision.cooldownSeconds },
      )
    case 'max_claims_reached':
      return new RateLimitedError(
        'Max claims reached',
        'MAX_CLAIMS_REACHED',
        {
          message: `This user has claimed this reward ${decision.totalClaims} of ${decision.maxClaims} times`,
          reason: 'max_claims_reached',
          totalClaims: decision.totalClaims,
          maxClaims: decision.maxClaims,
        },
        // No reset: a per-user maximum never resets. Clients see a day as the earliest sensible retry.
        { limit: rule.maxClaims, remaining: 0, reset: nowSeconds + 86_400, retryAfter: 86_400 },
      )
    case 'max_total_claims_reached':
      return new RateLimitedError(
        'Max total claims reached',
        'MAX_TOTAL_CLAIMS_REACHED',
        {
          message: `This reward has reached its global limit of ${decision.maxTotalClaims} claims`,
          reason: 'max_total_claims_reached',
          totalClaims: decision.totalClaims,
          maxTotalClaims: decision.maxTotalClaims,
        },
        { limit: decision.maxTotalClaims, remaining: 0, reset: nowSeconds + 86_400, retryAfter: 86_400 },
      )
  }
}
