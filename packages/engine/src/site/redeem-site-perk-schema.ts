import { z } from 'zod'
import { brandIdSchema } from '../schemas/brand-id'
import { siteUserRequestSchema, siteUserSchema } from './site-user-schema'

/** `POST /loyalty-api/site/redeem`. */
export const redeemSitePerkParametersSchema = z.object({
  user: siteUserSchema,
  /** The perk's id (the UUID of the brand's perk lists). */
  perkId: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
  /** Optional: when sent it must be the API key's brand (403 otherwise); the key names the brand anyway. */
  brandId: brandIdSchema.optional(),
})

export type RedeemSitePerkParameters = z.input<typeof redeemSitePerkParametersSchema>

export const redeemSitePerkRequestSchema = z.object({
  user: siteUserRequestSchema,
  perkId: z.string(),
  brandId: z.string().optional(),
})

export const redeemSitePerkResponseSchema = z.object({
  success: z.literal(true),
  /** Show it to the member; the brand checks it at the counter. */
  confirmationCode: z.string(),
  /** The spec's Perk record. */
  perk: z.object({ id: z.string(), name: z.string(), cost: z.number(), category: z.string().nullable() }),
  redemptionId: z.string(),
  /** Whole tokens paid (the price at the claim). */
  pointsSpent: z.number(),
  /** The member's balance right after the claim, whole tokens. */
  newBalance: z.number(),
  /** The member's custodial wallet (the wallet of the email). */
  walletAddress: z.string(),
  /** The claimed perk token (uint256, decimal string). */
  tokenId: z.string(),
  /** The `claimFor` transaction. */
  transactionHash: z.string(),
  /** True when this answers an earlier redemption with the same `Idempotency-Key`. */
  replayed: z.boolean(),
})
