import { z } from 'zod'

/** An IANA time zone name that this runtime's Intl knows (`UTC`, `Europe/Paris`, …). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

const multiplierStepSchema = z.object({
  /** The streak length (days) from which this multiplier applies. */
  fromDay: z.number().int().min(1).max(100_000),
  multiplier: z.number().min(0).max(1000),
})

const milestoneSchema = z.object({
  days: z.number().int().min(1).max(100_000),
  bonus: z.number().int().min(0).max(1_000_000_000),
})

/**
 * A brand's streak rules (docs/site-plugin.md#streak-rules). Stored whole; every field has its default,
 * so a brand that never ran `loyaltykit site config` has the defaults.
 */
export const siteConfigSchema = z.object({
  timezone: z.string().refine(isTimeZone, 'must be an IANA time zone name (e.g. Europe/Paris)').default('UTC'),
  /** A check-in this long after the previous one still continues the streak. */
  graceHours: z
    .number()
    .positive()
    .max(24 * 30)
    .default(36),
  /** The check-in reward before the multiplier, whole tokens. */
  baseReward: z.number().int().min(0).max(1_000_000_000).default(10),
  multipliers: z
    .array(multiplierStepSchema)
    .min(1)
    .max(50)
    .refine((a) => a.some((s) => s.fromDay === 1), 'needs a step from day 1')
    .default([
      { fromDay: 1, multiplier: 1 },
      { fromDay: 7, multiplier: 1.5 },
      { fromDay: 30, multiplier: 2 },
      { fromDay: 100, multiplier: 3 },
    ]),
  milestones: z
    .array(milestoneSchema)
    .max(50)
    .refine((a) => new Set(a.map((m) => m.days)).size === a.length, 'milestone days must differ')
    .default([
      { days: 7, bonus: 100 },
      { days: 30, bonus: 500 },
      { days: 100, bonus: 2000 },
      { days: 365, bonus: 10_000 },
    ]),
  /** Streak freezes earned each time a streak reaches a milestone. */
  freezesPerMilestone: z.number().int().min(0).max(100).default(1),
  /** The most freezes a member holds at once. */
  maxFreezes: z.number().int().min(0).max(1000).default(3),
})

export type SiteConfig = z.output<typeof siteConfigSchema>

/** The defaults, in order (steps and milestones sorted by days). */
export const DEFAULT_SITE_CONFIG: SiteConfig = siteConfigSchema.parse({})

/** Steps and milestones sorted ascending, so the rules read them in order. */
export function normalizeSiteConfig(config: SiteConfig): SiteConfig {
  return {
    ...config,
    multipliers: [...config.multipliers].sort((a, b) => a.fromDay - b.fromDay),
    milestones: [...config.milestones].sort((a, b) => a.days - b.days),
  }
}
