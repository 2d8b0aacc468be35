import type { SiteConfig } from './site-config'

/** The multiplier of a streak `days` long: the last step whose `fromDay` it reached (1 below the first). */
export function streakMultiplier(config: SiteConfig, days: number): number {
  let m = 1
  for (const step of config.multipliers) if (days >= step.fromDay) m = step.multiplier
  return m
}

/** The reward of the check-in that makes a streak `days` long: floor(base × multiplier). */
export function checkInReward(config: SiteConfig, days: number): number {
  // The epsilon keeps floor(10 × 1.15) at 11 despite binary floating point (11.499999…).
  return Math.floor(config.baseReward * streakMultiplier(config, days) + 1e-9)
}
