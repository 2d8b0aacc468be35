import type { RetryPolicy } from './retry-policy'

const SCHEDULE_MS = [2_000, 4_000, 8_000] as const

/**
 * The spec's integrator guidance for payment-mint: retry with backoff 2 s, 4 s, 8 s, at most three
 * retries (four attempts in all), no jitter. Safe because minting a session is idempotent. A server
 * `Retry-After` still takes precedence over the schedule; which outcomes are retried is the default
 * (network errors, timeouts, 429, 5xx).
 */
export const paymentMintRetryPolicy: RetryPolicy = {
  maxRetries: SCHEDULE_MS.length,
  delay: (retry) => SCHEDULE_MS[Math.min(retry, SCHEDULE_MS.length) - 1] ?? 8_000,
}
