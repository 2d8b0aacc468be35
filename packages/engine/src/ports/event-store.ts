import type { ClaimHistory } from '../events/evaluate-claim'
import type { LedgerStatus } from './ledger-store'

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

/** An event of a list, with the status of its reward entry in the ledger (null: it has none, e.g. a reward of 0). */
export type ListedRewardEvent = RewardEvent & { ledgerStatus: LedgerStatus | null }

/** A brand's events, newest first by (createdAt, id); every filter optional. */
export type ListRewardEventsQuery = {
  brandId: string
  eventType?: string | undefined
  /** The normalised email the events count against. */
  userKey?: string | undefined
  /** The wallet the rewards went to (lowercase). */
  walletAddress?: string | undefined
  /** Epoch ms, inclusive. */
  since?: number | undefined
  /** Epoch ms, exclusive. */
  until?: number | undefined
  /** Keyset position: only events strictly older than (createdAt, id). */
  before?: { createdAt: number; id: string } | undefined
  limit: number
}

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
  /**
   * Stores a hash on the event row. Reads resolve an event's hash from its mint job once that job is
   * confirmed, so the event path does not call this (docs/performance.md#the-settle-writes-nothing).
   */
  setTransactionHash(eventId: string, transactionHash: string): Promise<void>
  get(eventId: string): Promise<RewardEvent | undefined>
  /** Events whose reward rides on a mint job. */
  listByMintJob(mintJobId: string): Promise<RewardEvent[]>
  /**
   * One page of a brand's events, newest first, keyset on (createdAt, id): `next` is the position to
   * pass as `before` for the following page (null on the last). Each filter combination is served by
   * an index of migration 0015 (brand + time, brand + type, brand + user, brand + wallet; each ending
   * in (created_at, id)), so a page costs `limit` index rows, not a scan. limit ≤ 1000. A plain read:
   * no lock, no snapshot across pages (an event recorded meanwhile shows on a page not yet read, or
   * not at all when it is newer than the first page).
   */
  listByBrand(query: ListRewardEventsQuery): Promise<{
    events: ListedRewardEvent[]
    next: { createdAt: number; id: string } | null
  }>
}
