/**
 * One account of a user, keyed by the wallet owner key of `walletOwnerKey()` (`email:ann@example.com`,
 * `oauth:discord:80351110224678912`). An account is `pending` while the engine creates its identity
 * (one caller holds the claim) and `ready` afterwards; ready accounts never change their wallet except
 * through an explicit link made before they had one.
 */
export type IdentityAccount = {
  ownerKey: string
  status: 'pending' | 'ready'
  /** The identity's user id (`did:loyaltykit:…` or the hosted provider's `did:privy:…`); null while pending. */
  userId: string | null
  /** Which identity provider created it (`local`, `privy`); null while pending. */
  provider: string | null
  /** Lowercase 0x address; null while pending. */
  walletAddress: string | null
  /**
   * Owner key of the custodial wallet (row of `wallets`) this account uses: its own key, or the key
   * of the account it was linked to. Null for hosted wallets (no key on this server) and while pending.
   */
  walletOwnerKey: string | null
  username: string | null
  /** Token of the caller that holds the pending claim. */
  claimToken: string | null
  claimedAt: number
  createdAt: number
  updatedAt: number
}

/** What completes a pending account. */
export type ReadyIdentity = {
  userId: string
  provider: string
  walletAddress: string
  walletOwnerKey: string | null
  username: string | null
}

export interface IdentityStore {
  findAccount(ownerKey: string): Promise<IdentityAccount | undefined>
  /** Ready accounts of one user id, oldest first. */
  findAccountsByUser(userId: string): Promise<IdentityAccount[]>
  /**
   * Atomic: inserts a pending account owned by `claimToken`, or takes over a pending account whose
   * claim is older than `staleBefore` (its holder died). Of concurrent callers for one owner key
   * (across processes too) at most one receives `claimed`; the others receive `busy` (someone holds
   * a live claim) or `ready` (the account exists). Made so by `insert … on conflict do nothing` and a
   * conditional `update … where claimed_at < staleBefore`, never read-then-write.
   */
  claimAccount(p: {
    ownerKey: string
    claimToken: string
    now: number
    staleBefore: number
  }): Promise<'claimed' | 'busy' | 'ready'>
  /** Atomic: turns the pending account held by `claimToken` ready; false when the claim was lost. */
  completeAccount(p: { ownerKey: string; claimToken: string; identity: ReadyIdentity; now: number }): Promise<boolean>
  /** Deletes the pending account held by `claimToken` (its creation failed), so that a later call retries. */
  releaseClaim(p: { ownerKey: string; claimToken: string }): Promise<void>
  /**
   * Insert or replace a ready account (used by explicit links, inside a transaction). Refuses (returns
   * false) to overwrite a pending account.
   */
  putReadyAccount(p: { ownerKey: string; identity: ReadyIdentity; now: number }): Promise<boolean>
}
