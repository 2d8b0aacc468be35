import { z } from 'zod'
import { brandIdSchema } from '../schemas/brand-id'
import { streakViewSchema } from './streak-view-schema'

/** `GET /loyalty-api/site/streak?userId=`. */
export const getStreakParametersSchema = z.object({
  /** The site's user id. */
  userId: z.union([z.string().trim().min(1).max(191), z.number().int().nonnegative()]).transform(String),
  /** Optional: when sent it must be the API key's brand (403 otherwise); the key names the brand anyway. */
  brandId: brandIdSchema.optional(),
})

export type GetStreakParameters = z.input<typeof getStreakParametersSchema>

export const getStreakRequestSchema = z.object({
  userId: z.union([z.string(), z.number()]),
  brandId: z.string().optional(),
})

export const getStreakResponseSchema = z.object({ success: z.literal(true), streak: streakViewSchema })
