/**
 * Exponential backoff with jitter: `baseMs × factor^(attempt − 1)` (attempt 1 waits `baseMs`), at
 * most `maxMs`, times a random factor in [0.75, 1.25) so that workers of several processes that
 * failed together do not retry together. The one backoff of the minter, the clawback worker and the
 * relay sender. Whole milliseconds, rounded down so that the delay stays under 1.25 × the step: retry times are stored in BIGINT columns (PostgreSQL refuses a
 * fraction there).
 */
export function backoffDelay(attempt: number, p: { baseMs: number; maxMs: number; factor?: number }): number {
  const exponent = Math.min(Math.max(0, attempt - 1), 20)
  return Math.floor(Math.min(p.maxMs, p.baseMs * (p.factor ?? 2) ** exponent) * (0.75 + Math.random() / 2))
}
