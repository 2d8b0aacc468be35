import { z } from 'zod'
import { memberRedemptionSchema } from '../perks/member-redemption'
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

/** The redemption (`memberRedemptionSchema`: the agent API's redeem_perk answers the same fields). */
export const redeemSitePerkResponseSchema = memberRedemptionSchema.extend({ success: z.literal(true) })
