import type { SiteConfig } from './site-config'
import { checkInReward } from './streak-multiplier'
import type { StreakState } from './streak-state'

export type StreakAdvance =
  | { alreadyClaimed: true; state: StreakState }
  | { alreadyClaimed: false; state: StreakState; reward: number; freezesSpent: number; freezesEarned: number }

/**
 * Local days missed since the last check-in up to (not including) `today`; 0 before the first one.
 */
function missedDays(state: StreakState, today: number): number {
  return state.lastCheckInDay === null ? 0 : Math.max(0, today - state.lastCheckInDay - 1)
}

/**
 * Whether a check-in at `now` (on local day `today`) continues the streak without spending a
 * freeze: it is the next calendar day, or within the grace period after the previous check-in.
 */
function continuesWithoutFreeze(config: SiteConfig, state: StreakState, now: number, today: number): boolean {
  if (state.lastCheckInDay === null || state.currentStreak === 0) return false
  if (today - state.lastCheckInDay === 1) return true
  return state.lastCheckInAt !== null && now - state.lastCheckInAt <= config.graceHours * 3_600_000
}

/**
 * The streak after a check-in at `now` on local day `today` (docs/site-plugin.md#streak-rules): the
 * same day → already claimed; the next day or within the grace period → +1; else, when the freezes
 * held cover the missed days, they are spent and +1; else a new run at 1 (freezes kept). Reaching a
 * milestone earns freezes. Pure: the caller stores the state.
 */
export function advanceStreak(config: SiteConfig, state: StreakState, now: number, today: number): StreakAdvance {
  if (state.lastCheckInDay !== null && today <= state.lastCheckInDay) return { alreadyClaimed: true, state }
  const missed = missedDays(state, today)
  let next: StreakState
  let freezesSpent = 0
  if (continuesWithoutFreeze(config, state, now, today)) {
    next = { ...state, currentStreak: state.currentStreak + 1 }
  } else if (state.currentStreak > 0 && missed > 0 && state.freezes >= missed) {
    freezesSpent = missed
    next = {
      ...state,
      currentStreak: state.currentStreak + 1,
      freezes: state.freezes - missed,
      freezesUsed: state.freezesUsed + missed,
    }
  } else {
    const broken = state.lastCheckInDay !== null
    next = {
      ...state,
      currentStreak: 1,
      run: broken ? state.run + 1 : state.run,
      brokenRun: broken ? state.run : state.brokenRun,
      freezesUsed: 0,
    }
  }
  const milestone = config.milestones.some((m) => m.days === next.currentStreak)
  const freezesEarned = milestone
    ? Math.max(0, Math.min(config.maxFreezes - next.freezes, config.freezesPerMilestone))
    : 0
  next = {
    ...next,
    freezes: next.freezes + freezesEarned,
    longestStreak: Math.max(next.longestStreak, next.currentStreak),
    lastCheckInDay: today,
    lastCheckInAt: now,
    streakReachedAt: now,
  }
  return {
    alreadyClaimed: false,
    state: next,
    reward: checkInReward(config, next.currentStreak),
    freezesSpent,
    freezesEarned,
  }
}

/**
 * Whether the streak is still alive at `now`: checked in today, or a check-in now would continue it
 * (next day, grace, or enough freezes for the days missed so far).
 */
export function isStreakAlive(config: SiteConfig, state: StreakState, now: number, today: number): boolean {
  if (state.currentStreak === 0 || state.lastCheckInDay === null) return false
  if (today <= state.lastCheckInDay) return true
  if (continuesWithoutFreeze(config, state, now, today)) return true
  return state.freezes >= missedDays(state, today)
}
