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

/** Pregeneration records; the per-brand limits live in RateLimitStore. */
export interface PregenerationStore {
  /** Plain insert; (oauthProvider, oauthUserId) is unique. */
  insert(record: PregenerationRecord): Promise<void>
  find(oauthProvider: string, oauthUserId: string): Promise<PregenerationRecord | undefined>
}
