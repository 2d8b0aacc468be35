/** The answer stored for an idempotency key and replayed to every retry that carries it. */
export type IdempotentResponse = {
  status: number
  /** Header names lowercase; only the headers a client acts on (content type, rate limits, location…). */
  headers: Record<string, string>
  /** The body as the caller stored it (the server stores it encrypted). */
  body: string
}

/**
 * What `claim` found:
 * - `claimed`: the caller owns the key and runs the request, then calls `complete` or `release`;
 * - `replay`: the request already ran; answer `response` again;
 * - `in_progress`: another claim of the same request runs now (its lock holds until `lockedUntil`);
 * - `mismatch`: the key names another request (another `requestHash`).
 */
export type IdempotencyClaim =
  | { state: 'claimed' }
  | { state: 'replay'; response: IdempotentResponse; completedAt: number }
  | { state: 'in_progress'; lockedUntil: number }
  | { state: 'mismatch' }

/** Names one claim: the key, in its scope (who sent it), and the claimant (a random id per attempt). */
export type IdempotencyClaimRef = { scope: string; key: string; claimId: string }

/**
 * Idempotency keys of client requests (the server's `Idempotency-Key`, docs/idempotency.md). One row
 * per (scope, key): the hash of the request that first used it, then either a lock held by one claim
 * (until `now + lockTtlMs`, renewed by `extend`) or the answer kept until `expiresAt`. A row whose
 * lock ran out (its claimant crashed) or whose answer expired counts as absent everywhere, before
 * `purgeExpired` deletes it. Call these methods outside `Storage.transaction`: each is its own atomic
 * statement (or compare-and-set), so the contract holds across connections and server processes.
 */
export interface IdempotencyStore {
  /**
   * Atomic: of N concurrent callers for one (scope, key), exactly one gets `claimed` when the key is
   * absent (insert-if-absent, then compare-and-set on the claim id to take over an expired row, so a
   * claimant whose lock ran out can no longer complete or release). Otherwise: `mismatch` when the key
   * names another request, `replay` when its answer is stored, `in_progress` while its lock holds.
   */
  claim(p: IdempotencyClaimRef & { requestHash: string; now: number; lockTtlMs: number }): Promise<IdempotencyClaim>
  /**
   * Atomic: extends the lock of a claim still held by `claimId` to `now + lockTtlMs` (a heartbeat
   * while the request runs); false when the claim was taken over, completed or released.
   */
  extend(p: IdempotencyClaimRef & { now: number; lockTtlMs: number }): Promise<boolean>
  /**
   * Atomic: stores the answer of the claim held by `claimId` and keeps it until `expiresAt`; every
   * later `claim` of the key answers `replay` until then. False (nothing written) when the claim is
   * no longer held (taken over after its lock ran out).
   */
  complete(p: IdempotencyClaimRef & { response: IdempotentResponse; now: number; expiresAt: number }): Promise<boolean>
  /**
   * Frees the key at once, storing nothing (the answer is not one to replay): deletes the row when
   * `claimId` still holds it in progress; otherwise does nothing.
   */
  release(p: IdempotencyClaimRef): Promise<void>
  /** Deletes every row that expired (`expiresAt <= now`); answers how many. */
  purgeExpired(p: { now: number }): Promise<number>
}
