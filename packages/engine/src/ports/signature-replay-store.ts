/**
 * Request signatures already accepted (HMAC-signed perk charges; the agent API next), so that a
 * captured request cannot be replayed, to this process or another one sharing the database.
 */
export interface SignatureReplayStore {
  /**
   * Atomic: remembers `signature` under `scope` until `expiresAt` (epoch ms) and answers true for the
   * first caller; every later caller (any process) with the same (scope, signature) gets false until
   * it expires. Made so by the primary key (scope, signature): one
   * `insert … on conflict do update set expires_at where expires_at <= now` statement. Expired entries
   * are swept now and then.
   */
  remember(p: { scope: string; signature: string; expiresAt: number; now: number }): Promise<boolean>
}
