/**
 * The confirmation code of a perk claim: what the agent API's and the site plugin's redemptions hand
 * the user (issue 14, 16), kept beside the ledger's redemption entry (source `perk_claim`
 * `<collectionId>:<tokenId>`), so that `GET /loyalty-api/redemptions/:code` finds the claim.
 * docs/ledger.md#confirmation-codes.
 */
export type RedemptionCode = {
  /** Unique; at most 64 characters, never of the form `<digits>:<digits>` (that names a claim). */
  code: string
  /** The claim it confirms: the `PerkClaimed` collection id and token id, decimal strings. */
  collectionId: string
  tokenId: string
  createdAt: number
}

export interface RedemptionCodeStore {
  /**
   * One INSERT, no read: records the code unless the code or the claim has one already (a claim has
   * at most one code). Atomic: of concurrent callers for the same code or claim exactly one answers
   * true; the others answer false and change nothing. Meant for the redemption's own transaction.
   */
  record(code: RedemptionCode): Promise<boolean>
  find(code: string): Promise<RedemptionCode | undefined>
  findByClaim(p: { collectionId: string; tokenId: string }): Promise<RedemptionCode | undefined>
}
