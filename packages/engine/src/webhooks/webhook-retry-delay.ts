/**
 * Wait before the next attempt after `attempts` failed ones: `schedule[attempts - 1]` stretched by
 * up to `jitter` (a fraction) at random, so it is never shorter than the schedule; null when the
 * schedule is exhausted (the delivery fails).
 */
export function webhookRetryDelay(p: {
  schedule: readonly number[]
  attempts: number
  jitter: number
  random: () => number
}): number | null {
  const base = p.schedule[p.attempts - 1]
  if (base === undefined) return null
  return Math.round(base * (1 + p.jitter * p.random()))
}
