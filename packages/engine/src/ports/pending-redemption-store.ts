import type { PerkRedemptionSource } from './perk-redemption-store'

/**
 * pending: recorded before the claim is signed; its claim may be signed, sent or mined ·
 * confirmed: its claim was mined and its `perk_redemptions` row and code are written (`redemptionId`) ·
 * failed: its claim was never signed, reverted, or can never be mined; its idempotency key is free again.
 */
export type PendingRedemptionState = 'pending' | 'confirmed' | 'failed'

/**
 * One redemption for a member (`redeemForMember`) from before its claim is signed until it is
 * settled (docs/perks.md "Redemption states"): what a retry with its idempotency key, another
 * process or the recovery needs to settle it from the chain instead of claiming again.
 */
export type PendingRedemption = {
  /** A UUID. */
  id: string
  perkId: string
  brandId: string
  /** The perk's on-chain collection id, decimal string. */
  collectionId: string
  /** Lowercase 0x address of the member's custodial wallet. */
  walletAddress: string
  userKey: string | null
  source: PerkRedemptionSource
  agentKeyId: string | null
  /** As in PerkRedemption; null without a key. */
  idempotencyScope: string | null
  idempotencyKey: string | null
  state: PendingRedemptionState
  /** The signed `claimFor` (attached in the transaction that stores it): null until signed. */
  chainId: number | null
  /** Lowercase relayer address and nonce of the claim; replacements of the claim share them. */
  signer: string | null
  nonce: number | null
  transactionHash: string | null
  /** `<collectionId>:<tokenId>` once confirmed. */
  redemptionId: string | null
  /** Why it failed. */
  error: string | null
  createdAt: number
  updatedAt: number
}

/**
 * Concurrency contract: every write is one conditional statement, atomic across processes. An
 * idempotency key (scope, key) is held by at most one redemption that is not `failed`; state moves
 * only from `pending`, so of concurrent settlements of one redemption exactly one wins.
 */
export interface PendingRedemptionStore {
  /** One INSERT: false (nothing written) when a redemption not `failed` holds its idempotency key. */
  open(r: PendingRedemption): Promise<boolean>
  get(id: string): Promise<PendingRedemption | undefined>
  /** The redemption holding the key (state `pending` or `confirmed`), if any. */
  findByIdempotencyKey(p: { scope: string; key: string }): Promise<PendingRedemption | undefined>
  /**
   * Records the signed claim of a `pending` redemption (a re-signed claim overwrites it); false when
   * it is not pending any more. Meant for the storage transaction that stores the signed claim, so a
   * redemption failed meanwhile rolls the signature back.
   */
  attachTransaction(p: {
    id: string
    chainId: number
    signer: string
    nonce: number
    transactionHash: string
    now: number
  }): Promise<boolean>
  /** pending → confirmed with its claim's id; false when it was not pending. */
  confirm(p: { id: string; redemptionId: string; now: number }): Promise<boolean>
  /** pending → failed; false when it was not pending. */
  fail(p: { id: string; error: string; now: number }): Promise<boolean>
  /** `pending` redemptions created before `createdBefore`, oldest first. */
  listPending(p: { createdBefore: number; limit: number }): Promise<PendingRedemption[]>
}
