import type { EngineContext } from '../context'
import { RateLimitedError } from '../errors/rate-limited-error'
import type { RelayGasSubject } from '../ports/relay-store'
import { toRateLimitInfo } from '../rate-limits/to-rate-limit-info'
import { nextUtcMidnight, utcDay } from './utc-day'

/**
 * Refuses a relay when the user's or the brand's gas spent today (UTC) already reached its daily
 * budget: RateLimitedError 429 GAS_BUDGET_EXCEEDED, reset at the next UTC midnight. Budgets are
 * checked before a transaction (the one that crosses a budget is still executed).
 */
export async function checkGasBudgets(
  ctx: EngineContext,
  p: { userAddress: string; brandId: string | null; userBudget: number | undefined; brandBudget: number | undefined },
): Promise<void> {
  const now = ctx.clock.now()
  const day = utcDay(now)
  const checks: Array<[RelayGasSubject, number]> = []
  if (p.userBudget !== undefined) checks.push([{ kind: 'user', id: p.userAddress.toLowerCase() }, p.userBudget])
  if (p.brandBudget !== undefined && p.brandId) checks.push([{ kind: 'brand', id: p.brandId }, p.brandBudget])
  for (const [subject, budget] of checks) {
    const usage = await ctx.storage.relay.getGasUsage({ subject, day })
    if (usage.gasUsed >= budget) {
      const resetMs = nextUtcMidnight(now)
      throw new RateLimitedError(
        `The ${subject.kind}'s daily relayer gas budget is used up`,
        'GAS_BUDGET_EXCEEDED',
        {
          scope: subject.kind,
          [subject.kind === 'user' ? 'userAddress' : 'brandId']: subject.id,
          budget,
          gasUsed: usage.gasUsed,
          day,
        },
        toRateLimitInfo({ limit: budget, remaining: 0, resetAt: resetMs }, now),
      )
    }
  }
}
