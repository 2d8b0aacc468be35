import { z } from 'zod'
import {
  leaderboardEntrySchema,
  leaderboardMetricSchema,
  leaderboardPeriodSchema,
} from '../ledger/ledger-leaderboard-schema'
import { brandIdSchema } from '../schemas/brand-id'

/** `GET /loyalty-api/site/leaderboard?metric=&period=&limit=`: the key's brand; the spec's defaults. */
export const siteLeaderboardParametersSchema = z.object({
  metric: leaderboardMetricSchema.default('rsnc_earned'),
  period: leaderboardPeriodSchema.default('week'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  /** Optional: when sent it must be the API key's brand (403 otherwise); the key names the brand anyway. */
  brandId: brandIdSchema.optional(),
})

export type SiteLeaderboardParameters = z.input<typeof siteLeaderboardParametersSchema>

export const siteLeaderboardRequestSchema = z.object({
  metric: z.string().optional(),
  period: z.string().optional(),
  limit: z.union([z.number(), z.string()]).optional(),
  brandId: z.string().optional(),
})

/** The spec's leaderboard answer: `success`, `leaderboard` (entries), `metric`, `period`, `total`. */
export const siteLeaderboardResponseSchema = z.object({
  success: z.literal(true),
  leaderboard: z.array(leaderboardEntrySchema),
  metric: leaderboardMetricSchema,
  period: leaderboardPeriodSchema,
  total: z.number().int(),
})
