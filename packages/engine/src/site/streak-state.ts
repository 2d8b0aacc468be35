/** A site user's streak as stored (one row per brand and site user id). */
export type StreakState = {
  currentStreak: number
  longestStreak: number
  /** Numbers the runs of this user: a new run starts when a streak breaks. */
  run: number
  /** The run the last break ended (a restore rejoins it); null when none or already rejoined. */
  brokenRun: number | null
  /** Local day number of the last check-in (local-day.ts); null before the first. */
  lastCheckInDay: number | null
  /** Epoch ms of the last check-in (or of the restore that set the streak). */
  lastCheckInAt: number | null
  /** When the streak reached its current length (ties of the streak leaderboard). */
  streakReachedAt: number | null
  freezes: number
  /** Freezes spent in the current run. */
  freezesUsed: number
}

export const EMPTY_STREAK: StreakState = {
  currentStreak: 0,
  longestStreak: 0,
  run: 1,
  brokenRun: null,
  lastCheckInDay: null,
  lastCheckInAt: null,
  streakReachedAt: null,
  freezes: 0,
  freezesUsed: 0,
}
