import { z } from 'zod'
import type { EngineContext } from '../context'
import type { TimeWindow } from '../ports/analytics-store'
import { analyticsPeriod } from './analytics-period'

export const dailySchema = z.array(
  z.object({
    /** UTC date, YYYY-MM-DD. */
    date: z.string(),
    rewardEvents: z.number().int(),
    tokensDistributed: z.number(),
    activeUsers: z.number().int(),
    redemptions: z.number().int(),
    tokensRedeemed: z.number(),
  }),
)

/** One row per UTC date the window touches (zeros included), counting what falls inside the window. */
export async function analyticsDaily(ctx: EngineContext, w: TimeWindow, brandId?: string) {
  const [activity, redemptions] = await Promise.all([
    ctx.storage.analytics.dailyActivity({ ...w, brandId }),
    ctx.storage.analytics.dailyRedemptions({ ...w, brandId }),
  ])
  const a = new Map(activity.map((d) => [d.day, d]))
  const r = new Map(redemptions.map((d) => [d.day, d]))
  return analyticsPeriod.dates(w).map(({ day, date }) => ({
    date,
    rewardEvents: a.get(day)?.events ?? 0,
    tokensDistributed: a.get(day)?.tokens ?? 0,
    activeUsers: a.get(day)?.users ?? 0,
    redemptions: r.get(day)?.redemptions ?? 0,
    tokensRedeemed: r.get(day)?.tokens ?? 0,
  }))
}
