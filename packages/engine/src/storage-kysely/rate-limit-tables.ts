/**
 * Tables of the shared request guards (migration 0009-rate-limits): fixed-window rate limits and
 * request signatures already seen. Column conventions are those of `database.ts` (BIGINT epoch ms).
 */
export interface RateLimitTables {
  rate_limits: RateLimitsTable
  signature_replays: SignatureReplaysTable
}

/** Primary key (key, window_start); indexed by window_end for the sweep. */
interface RateLimitsTable {
  key: string
  window_start: number
  window_end: number
  count: number
}

/** Primary key (scope, signature); indexed by expires_at for the sweep. */
interface SignatureReplaysTable {
  scope: string
  signature: string
  expires_at: number
}
