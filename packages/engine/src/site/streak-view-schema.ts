import { z } from 'zod'

const milestoneSchema = z.object({ days: z.number().int(), bonus: z.number().int() })

/** The Streak record (docs/site-plugin.md#records): the spec's four fields and what a site shows beside them. */
export const streakViewSchema = z.object({
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  multiplier: z.number(),
  nextMilestone: milestoneSchema.nullable(),
  unclaimedMilestones: z.array(milestoneSchema),
  claimedMilestones: z.array(z.number().int()),
  freezesAvailable: z.number().int(),
  freezesUsed: z.number().int(),
  lastCheckInDate: z.string().nullable(),
  checkedInToday: z.boolean(),
  timezone: z.string(),
})
