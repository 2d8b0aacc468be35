import { z } from 'zod'
import { brandIdSchema } from '../schemas/brand-id'
import { siteUserRequestSchema, siteUserSchema } from './site-user-schema'
import { streakViewSchema } from './streak-view-schema'

/** `POST /loyalty-api/site/checkin`. */
export const checkInParametersSchema = z.object({
  user: siteUserSchema,
  /** Optional: when sent it must be the API key's brand (403 otherwise); the key names the brand anyway. */
  brandId: brandIdSchema.optional(),
})

export type CheckInParameters = z.input<typeof checkInParametersSchema>

export const checkInRequestSchema = z.object({ user: siteUserRequestSchema, brandId: z.string().optional() })

export const checkInResponseSchema = z.object({
  success: z.literal(true),
  /** True when the user had already checked in this calendar day: nothing was rewarded. */
  alreadyClaimed: z.boolean(),
  /** Whole tokens minted for this check-in; 0 when already claimed. */
  reward: z.number().int(),
  streak: streakViewSchema,
  /** The brand's calendar day of the check-in, `YYYY-MM-DD`. */
  checkInDate: z.string(),
  /** Freezes spent by this check-in to keep the streak. */
  freezesSpent: z.number().int(),
  /** The reward's mint; null when already claimed, nothing minted, or still pending. */
  transactionHash: z.string().nullable(),
})
