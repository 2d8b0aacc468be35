/** The state of one key's current fixed window. */
export type RateLimitWindow = {
  /** Hits counted in the window (a refused hit is not counted: at most `limit`). */
  count: number
  limit: number
  /** `limit - count`, never below 0. */
  remaining: number
  /** Epoch milliseconds when the window ends (and the next one starts from zero). */
  resetAt: number
}

/** One hit: whether it was counted (allowed) and the window's state after it. */
export type RateLimitHit = RateLimitWindow & { allowed: boolean }

/**
 * Fixed-window rate limits shared by every server process (the relayer's per-IP and per-user limits,
 * pregeneration per brand, the agent API). The window of `now` is
 * `[floor(now / windowMs) * windowMs, + windowMs)` in epoch milliseconds, so a minute is a clock
 * minute and a day a UTC day. Use one `windowMs` per key (put the window in the key when a subject
 * has several, e.g. `pregenerate:<brand>:minute` and `…:day`). Windows are ephemeral: a hit that opens
 * a window deletes windows that ended more than a minute ago.
 */
export interface RateLimitStore {
  /**
   * Atomic: counts one hit of `key` in the window of `now` unless the window already holds `limit`
   * hits. Of N concurrent callers with the same key (across processes too) exactly
   * `min(N, limit - count)` are allowed, made so by one
   * `insert … on conflict do update set count = count + 1 where count < limit returning count`
   * statement. A refused hit answers `count: limit` (the window is full) and writes nothing; a limit
   * below 1 refuses every hit.
   */
  hit(p: { key: string; limit: number; windowMs: number; now: number }): Promise<RateLimitHit>
  /** The window of `now` without counting a hit (count 0 when nothing was counted yet). */
  peek(p: { key: string; limit: number; windowMs: number; now: number }): Promise<RateLimitWindow>
}
