/** Who redeemed a perk for a member: an agent key (agent API `redeem_perk`) or the brand's site plugin. */
export type PerkRedemptionSource = 'agent' | 'site'

/**
 * The app data of one perk redemption made by the server for a member (`redeemForMember`): what
 * the ledger's `redemption` entry (source `perk_claim` `<collectionId>:<tokenId>`, written by the
 * relay sender's settlement of the `claimFor`) does not hold. The confirmation code lives in
 * `redemption_codes`. docs/ledger.md "Redemptions".
 */
export type PerkRedemption = {
  /**
   * `<collectionId>:<tokenId>`: the `redemptionId` handed to the caller, the ledger's source id of
   * the claim, and what `GET /loyalty-api/redemptions/:redemptionId` (its proof) takes.
   */
  id: string
  /** The claim: `PerkClaimed` collection id and token id, decimal strings. */
  collectionId: string
  tokenId: string
  perkId: string
  brandId: string
  /** Lowercase 0x address of the member's custodial wallet. */
  walletAddress: string
  /** The wallet's owner key (`email:ann@example.com`, …). */
  userKey: string | null
  /** Whole tokens paid, decimal string. */
  price: string
  /** The member's balance right after the claim (whole tokens, decimal string; may carry a fraction). */
  newBalance: string
  transactionHash: string
  source: PerkRedemptionSource
  /** The agent key that asked (`lak_…`), for source `agent`. */
  agentKeyId: string | null
  /** Who the idempotency key belongs to (`agent:lak_…`, `site:<brandId>`) and the key; null without one. */
  idempotencyScope: string | null
  idempotencyKey: string | null
  createdAt: number
}

export interface PerkRedemptionStore {
  /**
   * One INSERT, no read: records the redemption unless its claim (`id`) or its
   * (idempotencyScope, idempotencyKey) has one already. Atomic: of concurrent callers for the same
   * claim or key exactly one answers true; the others answer false and change nothing. Meant for
   * the redemption's own transaction.
   */
  record(redemption: PerkRedemption): Promise<boolean>
  findByIdempotencyKey(p: { scope: string; key: string }): Promise<PerkRedemption | undefined>
  findByClaim(p: { collectionId: string; tokenId: string }): Promise<PerkRedemption | undefined>
}
