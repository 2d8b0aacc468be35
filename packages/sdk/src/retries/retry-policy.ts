/** What a failed attempt ended in; a retry policy decides from this whether to try again. */
export type RetryOutcome =
  | { kind: 'response'; status: number; headers: Record<string, string> }
  | { kind: 'network'; error: unknown }
  | { kind: 'timeout' }

/**
 * How a route is retried. The client uses `defaultRetryPolicy` unless a route names its own (for
 * example `paymentMintRetryPolicy`), the client's `retryPolicy` hook returns one, or a call passes one.
 */
export type RetryPolicy = {
  /** Retries after the first attempt, so at most `maxRetries + 1` attempts. A call's `maxRetries` overrides it. */
  maxRetries: number
  /** Milliseconds to wait before retry number `retry` (1-based) when the server sent no wait hint. */
  delay: (retry: number) => number
  /** Whether the failed attempt may be retried; defaults to `isRetryableOutcome`. */
  shouldRetry?: (outcome: RetryOutcome) => boolean
  /**
   * Longest wait a server may ask for (`Retry-After`, `X-RateLimit-Reset`) that the client sits out, in
   * ms; a longer one ends retrying and the error is thrown (its `retryAfter` says when to come back).
   * Default 60 000.
   */
  maxRetryAfter?: number
}

/** The server's explicit retry hint header: `X-Should-Retry: true | false`. */
const SHOULD_RETRY_HEADER = 'x-should-retry'

/**
 * Retries network errors, timeouts, 429 and 5xx; 409 only when the server says `X-Should-Retry: true`.
 * `X-Should-Retry: false` forbids a retry whatever the status.
 */
export function isRetryableOutcome(outcome: RetryOutcome): boolean {
  if (outcome.kind !== 'response') return true
  const hint = outcome.headers[SHOULD_RETRY_HEADER]?.trim().toLowerCase()
  if (hint === 'false') return false
  if (hint === 'true') return true
  return outcome.status === 429 || outcome.status >= 500
}

export type ExponentialBackoffOptions = {
  /** Delay before the first retry, in ms. Default 500. */
  initialDelay?: number
  /** Cap of any single delay, in ms. Default 8 000. */
  maxDelay?: number
  /** Fraction of the delay taken off at random (0 = none). Default 0.25. */
  jitter?: number
  random?: () => number
}

/** `min(initialDelay * 2^(retry-1), maxDelay)`, reduced by up to `jitter` of itself at random. */
export function exponentialBackoff(options: ExponentialBackoffOptions = {}): (retry: number) => number {
  const { initialDelay = 500, maxDelay = 8_000, jitter = 0.25, random = Math.random } = options
  return (retry) => {
    const base = Math.min(initialDelay * 2 ** Math.max(0, retry - 1), maxDelay)
    return base * (1 - jitter * random())
  }
}

/** The client's default: exponential backoff with jitter (0.5 s, 1 s, 2 s … capped at 8 s). */
export function defaultRetryPolicy(maxRetries = 2): RetryPolicy {
  return { maxRetries, delay: exponentialBackoff() }
}
