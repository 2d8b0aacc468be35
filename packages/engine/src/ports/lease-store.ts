export type LeaseAcquireResult =
  | { acquired: true; fence: number; expiresAt: number }
  | { acquired: false; holder: string; expiresAt: number }

export type LeaseRecord = { name: string; holder: string; fence: number; expiresAt: number }

/**
 * Named, expiring, fenced leases: "one minter per signer across processes".
 *
 * Every takeover increments the lease's `fence`. A holder proves it still holds the lease by its
 * fence, so a holder whose lease expired and was taken over can no longer renew it, and whatever it
 * writes under `renew` (inside the same `Storage.transaction`) is rolled back.
 */
export interface LeaseStore {
  /**
   * Atomic (compare-and-set on the fence): of concurrent callers, at most one acquires a free or
   * expired lease. A holder calling again with the same `holder` while its lease is live keeps its
   * fence and extends the expiry.
   */
  acquire(p: { name: string; holder: string; ttlMs: number; now: number }): Promise<LeaseAcquireResult>
  /**
   * Atomic: extends the lease when (`holder`, `fence`) still holds it, even if it expired unclaimed;
   * answers false when someone else took it over. Call inside `Storage.transaction` to fence the
   * writes of that transaction (on PostgreSQL the row stays locked until commit).
   */
  renew(p: { name: string; holder: string; fence: number; ttlMs: number; now: number }): Promise<boolean>
  /** Lets the lease go at once (expires it) when (`holder`, `fence`) holds it. */
  release(p: { name: string; holder: string; fence: number }): Promise<void>
  get(name: string): Promise<LeaseRecord | undefined>
}
