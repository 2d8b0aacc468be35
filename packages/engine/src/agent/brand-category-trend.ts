import { z } from 'zod'
import type { Brand } from '../ports/brand-store'
import { brandCategoryOrOther } from './brand-category'
import { sumBy, trendItems } from './trend-items'

/** A brand category's tokens distributed this period against the one before (network_analytics, network_trending). */
export const brandCategoryTrendSchema = z.object({
  category: z.string(),
  tokensDistributed: z.number(),
  previousTokensDistributed: z.number(),
  growthPct: z.number().nullable(),
})

/**
 * Tokens per brand category (`brandCategoryOrOther`) in `current` against `previous`, as `trendItems`
 * orders them, at most `limit`.
 */
export function brandCategoryTrend(
  brands: ReadonlyMap<string, Brand>,
  current: readonly { brandId: string; tokens: number }[],
  previous: readonly { brandId: string; tokens: number }[],
  limit: number,
): Array<z.output<typeof brandCategoryTrendSchema>> {
  const ofBrand = (r: { brandId: string }) => brandCategoryOrOther(brands.get(r.brandId))
  const tokens = (r: { tokens: number }) => r.tokens
  return trendItems(sumBy(current, ofBrand, tokens), sumBy(previous, ofBrand, tokens), limit).map((t) => ({
    category: t.key,
    tokensDistributed: t.value,
    previousTokensDistributed: t.previous,
    growthPct: t.growthPct,
  }))
}
