import { describe, expect, it } from 'vitest'
import type { EventRule } from '../ports/rule-store'
import { goalPath } from './goal-path'
import type { RuleAvailability } from './rule-availability'

const NOW = 1_800_000_000_000
const HOUR = 3_600_000

/** A rule the user may claim `remainingClaims` more times (null: unlimited), next from `availableAt`. */
function rule(
  eventType: string,
  rewardAmount: number,
  remainingClaims: number | null,
  cooldownHours = 24,
  availableAt = NOW,
) {
  return {
    rule: { eventType, rewardAmount, cooldownHours } as EventRule,
    claims: 0,
    lastAt: null,
    refusals: [],
    remainingClaims,
    availableAt,
  } satisfies RuleAvailability
}

describe('goalPath', () => {
  it('takes the highest rewards first, each as often as needed within its claims left', () => {
    // 450: big 200 × 2 (its 2 claims left) = 400, then mid 75 × 1 → 475; small is not needed.
    const p = goalPath([rule('small', 10, null), rule('mid', 75, 3), rule('big', 200, 2)], 450, NOW)
    expect(p.path).toEqual([
      { eventType: 'big', rewardAmount: 200, count: 2 },
      { eventType: 'mid', rewardAmount: 75, count: 1 },
    ])
    expect([p.actionsNeeded, p.reachable]).toEqual([3, true])
    // big's second claim comes 24 h after the first: 1 day.
    expect(p.estimatedDays).toBe(1)
  })

  it('skips rules with no claims left or no reward, and waits for a cooldown that has not ended', () => {
    // 90: maxed (0 left) and zero (no reward) skipped; later 50 × 2, the first in 30 h, the second 12 h after: 42 h → 2 days.
    const p = goalPath(
      [rule('maxed', 500, 0), rule('zero', 0, null), rule('later', 50, null, 12, NOW + 30 * HOUR)],
      90,
      NOW,
    )
    expect(p.path).toEqual([{ eventType: 'later', rewardAmount: 50, count: 2 }])
    expect([p.actionsNeeded, p.reachable, p.estimatedDays]).toEqual([2, true, 2])
  })

  it('says when the claimable rules cannot earn the points', () => {
    // 1,000 needed; 200 + 100 available at most.
    const p = goalPath([rule('a', 200, 1), rule('b', 100, 1)], 1000, NOW)
    expect(p.path.map((s) => s.count)).toEqual([1, 1])
    expect([p.actionsNeeded, p.reachable, p.estimatedDays]).toEqual([2, false, null])
  })

  it('needs nothing when nothing is needed', () => {
    expect(goalPath([rule('a', 200, null)], 0, NOW)).toEqual({
      path: [],
      actionsNeeded: 0,
      reachable: true,
      estimatedDays: 0,
    })
  })
})
