import { z } from 'zod'
import { analyticsPeriod } from '../agent/analytics-period'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { brandIdSchema } from '../schemas/brand-id'
import { wireFormats } from '../schemas/wire-formats'
import { requireBrand } from './require-brand'

const DAY_MS = 86_400_000
const TOP_RULES = 5

export const brandOverviewParametersSchema = z.object({
  brandId: brandIdSchema,
  /** Whole UTC days ending with today: 1 to 90, default 30 (a query string: coerced; out of range → 400). */
  days: z.coerce
    .number({ error: 'must be an integer from 1 to 90' })
    .int('must be an integer from 1 to 90')
    .min(1, 'must be an integer from 1 to 90')
    .max(90, 'must be an integer from 1 to 90')
    .optional()
    .default(30),
})

export type BrandOverviewParameters = z.input<typeof brandOverviewParametersSchema>

/** `GET /admin/v1/brands/:brandId/overview?days=` (docs/admin-api.md#overview). */
export const brandOverviewSchema = z.object({
  /** The window: [since, until), whole UTC days, the last one today. */
  since: wireFormats.isoTimestamp,
  until: wireFormats.isoTimestamp,
  /** One row per UTC date of the window, oldest first, zeros included. */
  days: z.array(z.object({ date: z.string(), events: wireFormats.count, tokensIssued: wireFormats.count })),
  /** Wallets with a reward event at the brand in the window. */
  activeMembers: wireFormats.count,
  /** The event types with most events in the window (at most 5), most first. */
  topRules: z.array(z.object({ eventType: z.string(), events: wireFormats.count, tokens: wireFormats.count })),
  /** Perk redemptions at the brand in the window, and the distinct wallets that redeemed. */
  redemptions: wireFormats.count,
  redeemers: wireFormats.count,
  /** redeemers ÷ activeMembers (0 without active members), 4 decimals. */
  redemptionRate: z.number().nonnegative(),
})

export type BrandOverviewReturnType = z.output<typeof brandOverviewSchema>

/**
 * A brand's dashboard figures over the last `days` whole UTC days: events and tokens per day and the
 * active members from the reward-event rollups (activity_days, activity_brand_wallets: no scan of the
 * events), the top event types from the brand's events of the window (index (brand_id, created_at)),
 * redemptions from the ledger's `redemption` entries of the window (index (brand_id, kind, created_at)).
 */
export async function brandOverview(
  ctx: EngineContext,
  params: BrandOverviewParameters,
): Promise<BrandOverviewReturnType> {
  const p = parseInput(brandOverviewParametersSchema, params, 'Invalid overview query')
  await requireBrand(ctx.storage, p.brandId)
  const until = (Math.floor(ctx.clock.now() / DAY_MS) + 1) * DAY_MS
  const w = { since: until - p.days * DAY_MS, until }
  const analytics = ctx.storage.analytics
  const [daily, totals, types, redemptions] = await Promise.all([
    analytics.dailyActivity({ ...w, brandId: p.brandId }),
    analytics.activityTotals({ ...w, brandId: p.brandId }),
    analytics.eventTypeActivity({ ...w, brandId: p.brandId }),
    analytics.redemptionTotals({ brandId: p.brandId, since: w.since, until: w.until }),
  ])
  const byDay = new Map(daily.map((d) => [d.day, d]))
  const activeMembers = totals.users
  return {
    since: new Date(w.since).toISOString(),
    until: new Date(w.until).toISOString(),
    days: analyticsPeriod.dates(w).map(({ day, date }) => ({
      date,
      events: byDay.get(day)?.events ?? 0,
      tokensIssued: byDay.get(day)?.tokens ?? 0,
    })),
    activeMembers,
    topRules: [...types]
      .sort((a, b) => b.claims - a.claims || b.tokens - a.tokens || a.eventType.localeCompare(b.eventType))
      .slice(0, TOP_RULES)
      .map((t) => ({ eventType: t.eventType, events: t.claims, tokens: t.tokens })),
    redemptions: redemptions.redemptions,
    redeemers: redemptions.redeemers,
    redemptionRate: activeMembers === 0 ? 0 : Math.round((redemptions.redeemers / activeMembers) * 10_000) / 10_000,
  }
}
