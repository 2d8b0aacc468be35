import { isStreakAlive } from './advance-streak'
import { dayString } from './local-day'
import type { SiteConfig } from './site-config'
import { streakMultiplier } from './streak-multiplier'
import type { StreakState } from './streak-state'

type Milestone = { days: number; bonus: number }

/** The Streak record of the site API (docs/site-plugin.md#records): the spec's fields and more. */
export type StreakView = {
  currentStreak: number
  longestStreak: number
  multiplier: number
  nextMilestone: Milestone | null
  unclaimedMilestones: Milestone[]
  claimedMilestones: number[]
  freezesAvailable: number
  freezesUsed: number
  lastCheckInDate: string | null
  checkedInToday: boolean
  timezone: string
}

/**
 * What a member sees at `now`: a streak that has broken reads 0 (its run is over, with its unclaimed
 * milestones), even before the next check-in stores the new run. `claimedDays`: the milestones claimed
 * in the stored run.
 */
export function streakView(
  config: SiteConfig,
  state: StreakState,
  claimedDays: readonly number[],
  now: number,
  today: number,
): StreakView {
  const alive = isStreakAlive(config, state, now, today)
  const current = alive ? state.currentStreak : 0
  const claimed = alive ? [...claimedDays].sort((a, b) => a - b) : []
  return {
    currentStreak: current,
    longestStreak: state.longestStreak,
    multiplier: streakMultiplier(config, Math.max(1, current)),
    nextMilestone: config.milestones.find((m) => m.days > current) ?? null,
    unclaimedMilestones: config.milestones.filter((m) => m.days <= current && !claimed.includes(m.days)),
    claimedMilestones: claimed,
    freezesAvailable: state.freezes,
    freezesUsed: alive ? state.freezesUsed : 0,
    lastCheckInDate: state.lastCheckInDay === null ? null : dayString(state.lastCheckInDay),
    checkedInToday: state.lastCheckInDay === today,
    timezone: config.timezone,
  }
}
