import type { z } from 'zod'
import type { nextGoalTool } from '../tools/next-goal'
import type { userPortfolioTool } from '../tools/user-portfolio'
import type { userRecommendationsTool } from '../tools/user-recommendations'
import type { ConverseEntities } from './converse-entities'
import { fmt, fmtCount } from './converse-format'
import type { StepData } from './converse-step'

type Out<T extends { output: z.ZodType }> = z.output<T['output']>

/** The `goal` answer: the user's balance, what it affords now, the next perk and the way there. */
export function goalSentences(get: StepData, e: ConverseEntities): string[] {
  const out: string[] = []
  const up = get<Out<typeof userPortfolioTool>>('user_portfolio')
  if (up) {
    out.push(
      `${e.userId ?? 'This user'} holds ${fmt(up.totalBalance)} points, earned at ${fmtCount(up.brands.length, 'brand')}.`,
    )
    const p = up.bestAffordablePerk
    out.push(
      p
        ? `They can claim ${p.name} at ${p.brandName} (${fmt(p.cost)} points) right now.`
        : 'No perk is affordable with that balance yet.',
    )
  }
  const goal = get<Out<typeof nextGoalTool>>('next_goal')?.goal
  if (goal) {
    const way =
      goal.reachable && goal.actionsNeeded > 0
        ? `: ${fmtCount(goal.actionsNeeded, 'action')}${goal.estimatedDays !== null ? `, about ${fmtCount(goal.estimatedDays, 'day')}` : ''}`
        : ''
    out.push(
      `Next goal: ${goal.name} (${fmt(goal.cost)} points), ${fmt(goal.pointsNeeded)} points to go (${goal.progressPercent}%)${way}.`,
    )
  }
  const ur = get<Out<typeof userRecommendationsTool>>('user_recommendations')
  const next = ur?.recommendations.find((r) => !r.affordable) ?? ur?.recommendations[0]
  if (ur && next) {
    const missing = Math.max(0, next.cost - ur.balance)
    out.push(
      `Next goal: ${next.name} at ${next.brandName} (${fmt(next.cost)} points)${missing > 0 ? `, ${fmt(missing)} points to go` : ', affordable now'}.`,
    )
  }
  return out
}
