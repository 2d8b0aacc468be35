/** The leaderboard's weekly buckets: 7-day periods since the epoch (`floor(t / WEEK_MS)`). */
export const WEEK_MS = 604_800_000

/** A (brand, wallet) standing's values (leaderboard_standings' columns but the key). */
export type StandingSummary = {
  /** Σ amount (whole tokens) of the counted entries. */
  earned: number
  /** How many entries are counted. */
  actions: number
  /** The latest created_at among them: who reached the value first wins a tie. */
  last_at: number
  /**
   * Σ amount and count of the counted entries in the 7-day bucket (`floor(t / 7 d)`) of `last_at`,
   * and in the bucket before it: a rolling window of at most 7 days that ends after `last_at` holds
   * at most these (standings-leaderboard.ts reads them as a bound).
   */
  week_earned: number
  week_earned_before: number
  week_actions: number
  week_actions_before: number
}

/**
 * The standing of some counted entries (≥ 1): totals, the latest time, and the sums of the 7-day
 * bucket of that time and of the bucket before it. Two standings merge (the SQL upsert of
 * ledger-standings.ts) by the same rule, so the result never depends on the order entries came in.
 */
export function standingOf(entries: readonly { amount: number; created_at: number }[]): StandingSummary {
  const lastAt = Math.max(...entries.map((e) => Number(e.created_at)))
  const week = Math.floor(lastAt / WEEK_MS)
  const s: StandingSummary = {
    earned: 0,
    actions: 0,
    last_at: lastAt,
    week_earned: 0,
    week_earned_before: 0,
    week_actions: 0,
    week_actions_before: 0,
  }
  for (const e of entries) {
    const amount = Number(e.amount)
    const w = Math.floor(Number(e.created_at) / WEEK_MS)
    s.earned += amount
    s.actions += 1
    if (w === week) {
      s.week_earned += amount
      s.week_actions += 1
    } else if (w === week - 1) {
      s.week_earned_before += amount
      s.week_actions_before += 1
    }
  }
  return s
}
