import { z } from 'zod'
import { brandIdSchema } from '../schemas/brand-id'

/** The periods: the site API's (`week`, `month`, `all`), the agent API's (`daily`, `weekly`, `monthly`, `all_time`) and `day`. */
export const leaderboardPeriodSchema = z.enum(['day', 'week', 'month', 'all', 'daily', 'weekly', 'monthly', 'all_time'])

export type LeaderboardPeriod = z.output<typeof leaderboardPeriodSchema>

export const leaderboardMetricSchema = z.enum(['rsnc_earned', 'activity', 'streak'])

/** `engine.ledger.leaderboard`: a brand's leaderboard (the site API's and the agent API's). */
export const ledgerLeaderboardParametersSchema = z.object({
  brandId: brandIdSchema,
  /** `rsnc_earned`: tokens earned in the period; `activity`: rewarded actions in it; `streak`: the current streak. */
  metric: leaderboardMetricSchema.default('rsnc_earned'),
  /** A rolling window: 24 h, 7 days, 30 days, or all time. */
  period: leaderboardPeriodSchema.default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
})

export type LedgerLeaderboardParameters = z.input<typeof ledgerLeaderboardParametersSchema>

/** One ranked user: rank 1-based, the wallet masked (`0x12ab…cdef`), the site display name when one was sent. */
export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  userIdentifier: z.string(),
  username: z.string().nullable(),
  value: z.number(),
})

export const ledgerLeaderboardResponseSchema = z.object({
  entries: z.array(leaderboardEntrySchema),
  metric: leaderboardMetricSchema,
  period: leaderboardPeriodSchema,
  /** How many users are ranked (all of them, not only this page). */
  total: z.number().int(),
  /** The window's start (ISO 8601); null for all time. */
  since: z.string().nullable(),
})
