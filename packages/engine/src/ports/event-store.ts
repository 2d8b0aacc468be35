import type { ClaimHistory } from '../events/evaluate-claim'

export type RewardEvent = {
  /** UUID. */
  id: string
  brandId: string
  eventType: string
  /** Normalised email (or lowercase address) the claim counts against. */
  userKey: string
  userEmail: string
  walletAddress: string
  rewardAmount: number
  source: string | null
  domain: string | null
  channelId: string | null
  metadata: Record<string, unknown> | null
  mintJobId: string | null
  transactionHash: string | null
  createdAt: number
}

export type ClaimKey = { brandId: string; eventType: string; userKey: string }

export interface EventStore {
  /**
   * Reads the claim history of (brand, event type, user). Inside `Storage.transaction` on PostgreSQL it
   * locks the user's counter row until the transaction ends, so two concurrent claims by one user are
   * judged one after the other; SQLite serialises writers anyway.
   */
  lockClaimHistory(key: ClaimKey): Promise<ClaimHistory>
  /**
   * The same history as `lockClaimHistory`, read without locking or writing anything (no counter row
   * is created for a user who never claimed): for dry runs (check-eligibility). Not a guarantee: a
   * concurrent claim may change it right after the read.
   */
  readClaimHistory(key: ClaimKey): Promise<ClaimHistory>
  /**
   * Records an accepted claim: the event row, the user's counters, and the rule's global total.
   * Atomic against the global max: the total is incremented only while below `maxTotalClaims`; when
   * it is not (a concurrent claim took the last place) it answers `false` and writes nothing else.
   */
  recordClaim(event: RewardEvent, maxTotalClaims: number | null): Promise<boolean>
  setTransactionHash(eventId: string, transactionHash: string): Promise<void>
  get(eventId: string): Promise<RewardEvent | undefined>
  /** Events whose reward rides on a mint job. */
  listByMintJob(mintJobId: string): Promise<RewardEvent[]>
}
