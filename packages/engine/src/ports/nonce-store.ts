/** One nonce sequence: a signer address on a chain. */
export type NonceScope = {
  chainId: number
  /** Lowercase 0x address of the signer. */
  address: string
}

/**
 * Nonces of the server's signers, kept in storage so that every process (and a restarted one) takes
 * them from one sequence. A nonce is reserved, then either used by a signed transaction that is
 * stored, or released so that the next reservation reuses it (no gaps).
 *
 * Call `resync` with the chain's pending transaction count before the first `reserve` of a process,
 * and whenever the chain reports "nonce too low": the stored sequence only ever moves forward to
 * meet the chain.
 */
export interface NonceStore {
  /**
   * Atomic: concurrent callers for the same scope never receive the same nonce. Answers the lowest
   * released nonce when there is one (FOR UPDATE SKIP LOCKED on PostgreSQL), else the next fresh one.
   * Inside `Storage.transaction`, a rollback un-reserves the nonce.
   */
  reserve(scope: NonceScope): Promise<number>
  /**
   * `reserve` for `count` nonces in a few statements (a group of transactions): the lowest released
   * nonces first, then fresh ones from the sequence. Atomic in the same way: concurrent callers
   * never share a nonce. Answers them ascending.
   */
  reserveMany(scope: NonceScope & { count: number }): Promise<number[]>
  /**
   * Gives back a reserved nonce that no broadcast transaction uses; the next `reserve` reuses it.
   * Takes the scope's lock until the surrounding transaction ends, as `resync` and a reservation of
   * fresh nonces do (PostgreSQL: the sequence's row; SQLite transactions are serial), so a caller
   * that starts its transaction with `resync` sees no release or fresh reservation interleave.
   */
  release(scope: NonceScope & { nonce: number }): Promise<void>
  /**
   * Aligns the sequence with the chain: `next := max(next, chainNonce)` and released nonces below
   * `chainNonce` (used on chain by someone else) are forgotten. Atomic per scope.
   */
  resync(scope: NonceScope & { chainNonce: number }): Promise<{ next: number }>
  /** The stored state, for diagnostics. `next` is undefined before the first resync/reserve. */
  peek(scope: NonceScope): Promise<{ next: number | undefined; released: number[] }>
}
