import { z } from 'zod'
import type { EngineContext } from '../context'
import type { TimeWindow } from '../ports/analytics-store'
import { analyticsMath } from './analytics-math'

/** What happened in one window, network-wide or at one brand (agent-api.md #22, #23). */
export const windowTotalsSchema = z.object({
  activeUsers: z.number().int(),
  newUsers: z.number().int(),
  rewardEvents: z.number().int(),
  tokensDistributed: z.number(),
  redemptions: z.number().int(),
  tokensRedeemed: z.number(),
  /** tokensRedeemed / tokensDistributed, percent (0 when nothing was distributed). */
  redemptionRate: z.number(),
})

export type WindowTotals = z.output<typeof windowTotalsSchema> & { activeBrands: number }

/** The totals of `w` (three aggregate reads). */
export async function windowTotals(ctx: EngineContext, w: TimeWindow, brandId?: string): Promise<WindowTotals> {
  const [activity, newUsers, redeemed] = await Promise.all([
    ctx.storage.analytics.activityTotals({ ...w, brandId }),
    ctx.storage.analytics.newUsers({ ...w, brandId }),
    ctx.storage.analytics.redemptionTotals({ ...w, brandId }),
  ])
  return {
    activeBrands: activity.brands,
    activeUsers: activity.users,
    newUsers,
    rewardEvents: activity.events,
    tokensDistributed: activity.tokens,
    redemptions: redeemed.redemptions,
    tokensRedeemed: redeemed.tokens,
    redemptionRate: analyticsMath.percent(redeemed.tokens, activity.tokens),
  }
}

/** growthPct of every count of the totals (null when the previous one is 0). */
export function totalsGrowth(cur: WindowTotals, prev: WindowTotals) {
  const g = analyticsMath.growthPct
  return {
    activeUsers: g(cur.activeUsers, prev.activeUsers),
    newUsers: g(cur.newUsers, prev.newUsers),
    rewardEvents: g(cur.rewardEvents, prev.rewardEvents),
    tokensDistributed: g(cur.tokensDistributed, prev.tokensDistributed),
    redemptions: g(cur.redemptions, prev.redemptions),
    tokensRedeemed: g(cur.tokensRedeemed, prev.tokensRedeemed),
  }
}

export const totalsGrowthSchema = z.object({
  activeUsers: z.number().nullable(),
  newUsers: z.number().nullable(),
  rewardEvents: z.number().nullable(),
  tokensDistributed: z.number().nullable(),
  redemptions: z.number().nullable(),
  tokensRedeemed: z.number().nullable(),
})
