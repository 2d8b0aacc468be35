import { z } from 'zod'
import { wireFormats } from './wire-formats'

/**
 * Body of `POST /constraint-updater/invalidate-external-api` (Bearer API key) and
 * `POST /invalidate-external-api` (Bearer optional).
 */
export const invalidateExternalApiRequestSchema = z.object({
  /** The external API whose cached answers are dropped. */
  api_url: z.string(),
  /** Only this user's answers (0x address). */
  user_address: z.string().optional(),
  /** Only this perk collection's answers. */
  collection_id: z.number().int().optional(),
})

/** 200 body of the constraint-cache invalidation endpoints. */
export const invalidateExternalApiResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many cached answers were dropped. */
  invalidated_count: wireFormats.count,
})
