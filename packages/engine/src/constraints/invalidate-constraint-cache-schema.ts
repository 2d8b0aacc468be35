import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'

/**
 * Body of `POST /constraint-updater/invalidate-external-api` (Bearer API key) and
 * `POST /invalidate-external-api` (Bearer optional). `invalidateConstraintCache` checks it field by
 * field with the spec's own error bodies.
 */
export const invalidateConstraintCacheParametersSchema = z.object({
  /** The external API whose cached answers are dropped. */
  api_url: z.string(),
  /** Only this user's answers (0x address). */
  user_address: z.string().optional(),
  /** Only this perk collection's answers. */
  collection_id: z.number().int().optional(),
})

export type InvalidateConstraintCacheParameters = z.input<typeof invalidateConstraintCacheParametersSchema>

/** 200 body of the constraint-cache invalidation endpoints. */
export const invalidateConstraintCacheResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many cached answers were dropped. */
  invalidated_count: wireFormats.count,
})
