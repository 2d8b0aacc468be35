/** The one pregeneration event of an OAuth identity: recorded by the call that created its wallet. */
export type PregenerationRecord = {
  oauthProvider: string
  oauthUserId: string
  brandId: string
  userId: string
  /** Lowercase 0x address. */
  walletAddress: string
  oauthUsername: string | null
  /** The request's `metadata`, as given. */
  metadata: Record<string, unknown> | null
  createdAt: number
}

export interface PregenerationStore {
  /** Plain insert; (oauthProvider, oauthUserId) is unique. */
  insert(record: PregenerationRecord): Promise<void>
  find(oauthProvider: string, oauthUserId: string): Promise<PregenerationRecord | undefined>
  /**
   * Atomic: adds one to the counter of (key, windowStart) and answers the new count. Of N concurrent
   * callers (across processes too) the answers are 1..N, each once: made so by
   * `insert … on conflict do update set count = count + 1 returning count` (one statement). Counters
   * of windows that ended before `purgeBefore` are deleted on the way.
   */
  countRequest(p: { key: string; windowStart: number; windowEnd: number; purgeBefore: number }): Promise<number>
}
