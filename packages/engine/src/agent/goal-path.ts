import { DAY_MS } from './day-ms'
import type { RuleAvailability } from './rule-availability'

/** The actions that earn `pointsNeeded`: each rule how many times, and how long that takes. */
export type GoalPath = {
  path: { eventType: string; rewardAmount: number; count: number }[]
  actionsNeeded: number
  /** The path earns at least `pointsNeeded` (false when the user's claimable rules run out first). */
  reachable: boolean
  /** Whole days until the last claim of the path is allowed (cooldowns); null when not reachable. */
  estimatedDays: number | null
}

/**
 * next_goal's path (docs/agent-api.md #34): greedy over the rules the user can still claim (claims
 * left ≠ 0, reward > 0), highest reward first; each rule is taken ceil(needed / reward) times,
 * at most its claims left, until the points are earned. A rule claimed `count` times is done
 * (availableAt − now) + (count − 1) × cooldown from now; `estimatedDays` is the longest, in whole
 * days rounded up.
 */
export function goalPath(rules: readonly RuleAvailability[], pointsNeeded: number, now: number): GoalPath {
  let needed = pointsNeeded
  const steps: (GoalPath['path'][number] & { doneInMs: number })[] = []
  const claimable = rules
    .filter((r) => r.remainingClaims !== 0 && r.rule.rewardAmount > 0)
    .sort((a, b) => b.rule.rewardAmount - a.rule.rewardAmount || a.rule.eventType.localeCompare(b.rule.eventType))
  for (const r of claimable) {
    if (needed <= 0) break
    const wanted = Math.ceil(needed / r.rule.rewardAmount)
    const count = r.remainingClaims === null ? wanted : Math.min(wanted, r.remainingClaims)
    needed -= count * r.rule.rewardAmount
    steps.push({
      eventType: r.rule.eventType,
      rewardAmount: r.rule.rewardAmount,
      count,
      doneInMs: Math.max(0, r.availableAt - now) + (count - 1) * r.rule.cooldownHours * 3_600_000,
    })
  }
  const reachable = needed <= 0
  return {
    path: steps.map(({ doneInMs: _, ...s }) => s),
    actionsNeeded: steps.reduce((n, s) => n + s.count, 0),
    reachable,
    estimatedDays: reachable ? Math.ceil(Math.max(0, ...steps.map((s) => s.doneInMs)) / DAY_MS) : null,
  }
}
