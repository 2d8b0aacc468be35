import { z } from 'zod'
import { brandIdSchema } from '../schemas/brand-id'
import { siteUserRequestSchema, siteUserSchema } from './site-user-schema'
import { streakViewSchema } from './streak-view-schema'

/** `POST /loyalty-api/site/claim-milestone`. */
export const claimMilestoneParametersSchema = z.object({
  user: siteUserSchema,
  /** The milestone's days (7, 30, …); a decimal string is accepted. */
  milestoneDays: z.coerce.number().int().min(1).max(100_000),
  /** Optional: when sent it must be the API key's brand (403 otherwise); the key names the brand anyway. */
  brandId: brandIdSchema.optional(),
})

export type ClaimMilestoneParameters = z.input<typeof claimMilestoneParametersSchema>

export const claimMilestoneRequestSchema = z.object({
  user: siteUserRequestSchema,
  milestoneDays: z.union([z.number(), z.string()]),
  brandId: z.string().optional(),
})

export const claimMilestoneResponseSchema = z.object({
  success: z.literal(true),
  /** The bonus minted, whole tokens. */
  bonusRsnc: z.number().int(),
  /** The milestone's days. */
  milestone: z.number().int(),
  streak: streakViewSchema,
  transactionHash: z.string().nullable(),
})
