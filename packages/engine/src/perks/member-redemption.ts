import { z } from 'zod'
import type { RedeemForMemberReturnType } from './redeem-for-member'

/** What a member's redemption answers to a caller (the agent API's redeem_perk, the site API's redeem). */
export const memberRedemptionSchema = z.object({
  redemptionId: z.string(),
  /** Show it to the member; the brand checks it at the counter. */
  confirmationCode: z.string(),
  /** The spec's Perk record; `cost` is the price paid, whole tokens. */
  perk: z.object({ id: z.string(), name: z.string(), cost: z.number(), category: z.string().nullable() }),
  /** Whole tokens paid (the price at the claim). */
  pointsSpent: z.number(),
  /** The member's balance right after the claim, whole tokens. */
  newBalance: z.number(),
  /** The member's custodial wallet. */
  walletAddress: z.string(),
  /** The claimed perk token (uint256, decimal string). */
  tokenId: z.string(),
  /** The `claimFor` transaction. */
  transactionHash: z.string(),
  /** True when an earlier redemption with this idempotency key is answered again. */
  replayed: z.boolean(),
})

/** `redeemForMember`'s result as `memberRedemptionSchema` has it (without the engine-only fields). */
export function memberRedemptionOf(r: RedeemForMemberReturnType): z.output<typeof memberRedemptionSchema> {
  return {
    redemptionId: r.redemptionId,
    confirmationCode: r.confirmationCode,
    perk: { id: r.perk.id, name: r.perk.name, cost: r.perk.cost, category: r.perk.category },
    pointsSpent: r.pointsSpent,
    newBalance: r.newBalance,
    walletAddress: r.walletAddress,
    tokenId: r.tokenId,
    transactionHash: r.transactionHash,
    replayed: r.replayed,
  }
}
