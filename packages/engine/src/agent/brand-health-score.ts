import { analyticsMath } from './analytics-math'

/** What the health score is computed from (agent-api.md #26). */
export type BrandHealthInputs = {
  /** Wallets with an event at the brand ever, and in the last 30 days. */
  users: number
  active30d: number
  /** Active in the 30 days before those, and of them, active again in the last 30. */
  activePrev30d: number
  retained: number
  /** All-time tokens earned at the brand and redeemed there. */
  earned: number
  redeemed: number
  enabledRules: number
  perks: number
  profileComplete: boolean
}

type Component = { name: 'engagement' | 'retention' | 'redemption' | 'setup'; score: number; max: 25; value: number }

const GRADES: Array<[number, string]> = [
  [90, 'A'],
  [80, 'B'],
  [70, 'C'],
  [60, 'D'],
]

/**
 * The brand health score: four parts of 25 (agent-api.md #26). engagement = 25·min(1, (active30d /
 * users) / 0.5); retention = 25·retained / activePrev30d (0 without); redemption on the all-time rate
 * r = redeemed / earned: 25 when 0.6 ≤ r ≤ 0.8, 25r / 0.6 below, 25(1 − r) / 0.2 above (not below 0);
 * setup = 10·min(1, rules / 3) + 10·min(1, perks / 3) + 5·profileComplete. Each part to 2 dp; grade
 * A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, else F; strengths score ≥ 20, weaknesses < 12.5. `value` is the
 * part's ratio in percent (setup: its share of 25).
 */
export function brandHealthScore(i: BrandHealthInputs) {
  const { round2, percent } = analyticsMath
  const engagementRatio = i.users === 0 ? 0 : i.active30d / i.users
  const retentionRatio = i.activePrev30d === 0 ? 0 : i.retained / i.activePrev30d
  const r = i.earned === 0 ? 0 : i.redeemed / i.earned
  const redemption = r >= 0.6 && r <= 0.8 ? 25 : r < 0.6 ? (25 * r) / 0.6 : Math.max(0, (25 * (1 - r)) / 0.2)
  const setup = 10 * Math.min(1, i.enabledRules / 3) + 10 * Math.min(1, i.perks / 3) + (i.profileComplete ? 5 : 0)
  const components: Component[] = [
    {
      name: 'engagement',
      score: round2(25 * Math.min(1, engagementRatio / 0.5)),
      max: 25,
      value: round2(engagementRatio * 100),
    },
    { name: 'retention', score: round2(25 * retentionRatio), max: 25, value: round2(retentionRatio * 100) },
    { name: 'redemption', score: round2(redemption), max: 25, value: round2(r * 100) },
    { name: 'setup', score: round2(setup), max: 25, value: percent(setup, 25) },
  ]
  const score = round2(components.reduce((s, c) => s + c.score, 0))
  return {
    score,
    grade: GRADES.find(([min]) => score >= min)?.[1] ?? 'F',
    components,
    strengths: components.filter((c) => c.score >= 20).map((c) => c.name),
    weaknesses: components.filter((c) => c.score < 12.5).map((c) => c.name),
    redemptionRate: r,
  }
}
