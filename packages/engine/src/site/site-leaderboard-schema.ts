import { z } from 'zod'
import {
  leaderboardEntrySchema,
  leaderboardMetricSchema,
  leaderboardPeriodSchema,
} from '../ledger/ledger-leaderboard-schema'

/** `GET /loyalty-api/site/leaderboard?metric=&period=&limit=`: the key's brand; the spec's defaults. */
export const siteLeaderboardParametersSchema = z.object({
  metric: leaderboardMetricSchema.default('rsnc_earned'),
  period: leaderboardPeriodSchema.default('week'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
})

export type SiteLeaderboardParameters = z.input<typeof siteLeaderboardParametersSchema>

export const siteLeaderboardRequestSchema = z.object({
  metric: z.string().optional(),
  period: z.string().optional(),
  limit: z.union([z.number(), z.string()]).optional(),
})

/** The spec's leaderboard answer: `success`, `leaderboard` (entries), `metric`, `period`, `total`. */
export const siteLeaderboardResponseSchema = z.object({
  success: z.literal(true),
  leaderboard: z.array(leaderboardEntrySchema),
  metric: leaderboardMetricSchema,
  period: leaderboardPeriodSchema,
  total: z.number().int(),
})
