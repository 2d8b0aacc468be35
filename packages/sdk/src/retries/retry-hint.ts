/** Values of `X-RateLimit-Reset` below this are read as seconds from now rather than epoch seconds. */
const EPOCH_SECONDS_FLOOR = 1_000_000_000

/**
 * Milliseconds the server asks the client to wait before trying again, read from (first found wins)
 * `Retry-After-Ms`, `Retry-After` (delta seconds or an HTTP date) and `X-RateLimit-Reset` (epoch
 * seconds, as the spec says; a small value is taken as seconds from now, as some rate limiters send).
 * Never negative; undefined when the response carries no usable hint.
 *
 * @param headers response headers with lowercase names
 * @param now current time in epoch milliseconds
 */
export function retryHintMs(headers: Record<string, string>, now: number): number | undefined {
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '')
  if (Number.isFinite(ms)) return Math.max(0, ms)

  const retryAfter = headers['retry-after']?.trim()
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.max(0, Number(retryAfter) * 1000)
    const date = Date.parse(retryAfter)
    if (Number.isFinite(date)) return Math.max(0, date - now)
  }

  const reset = headers['x-ratelimit-reset']?.trim()
  if (reset && /^\d+(\.\d+)?$/.test(reset)) {
    const value = Number(reset)
    return value >= EPOCH_SECONDS_FLOOR ? Math.max(0, value * 1000 - now) : value * 1000
  }
  return undefined
}
