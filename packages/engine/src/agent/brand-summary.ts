import { z } from 'zod'
import type { EngineContext } from '../context'
import type { Brand } from '../ports/brand-store'
import type { EventRule } from '../ports/rule-store'

/** A brand as every discovery tool lists it (agent-api.md "Summary"). */
export const brandSummarySchema = z.object({
  brandId: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  /** The brand's first website origin, or null. */
  website: z.string().nullable(),
  /** Enabled event rules. */
  rewardEvents: z.number().int(),
  /** The highest reward of an enabled rule (0 without rules). */
  maxReward: z.number(),
  /** Perk collections created for the brand. */
  perkCount: z.number().int(),
})

export type BrandSummary = z.output<typeof brandSummarySchema>

/** The brand's summary and its enabled rules (one read of rules and one of perks). */
export async function brandSummary(
  ctx: EngineContext,
  brand: Brand,
): Promise<{ summary: BrandSummary; rules: EventRule[] }> {
  const [rules, perks] = await Promise.all([ctx.storage.rules.list(brand.id), ctx.storage.perks.listForBrand(brand.id)])
  return { summary: summarize(brand, rules, perks.length), rules }
}

/** The summaries of several brands, in their order: one read of rules and one of perks in all (no read per brand). */
export async function brandSummaries(ctx: EngineContext, brands: readonly Brand[]): Promise<BrandSummary[]> {
  if (brands.length === 0) return []
  const [rules, perks] = await Promise.all([
    ctx.storage.rules.listEnabledOf(brands.map((b) => b.id)),
    ctx.storage.perks.list(),
  ])
  return brands.map((brand) =>
    summarize(
      brand,
      rules.filter((r) => r.brandId === brand.id),
      perks.filter((p) => p.brandId === brand.id).length,
    ),
  )
}

function summarize(brand: Brand, rules: EventRule[], perkCount: number): BrandSummary {
  return {
    brandId: brand.id,
    name: brand.name,
    category: brand.category,
    description: brand.description,
    website: brand.websites[0] ?? null,
    rewardEvents: rules.length,
    maxReward: rules.reduce((max, r) => Math.max(max, r.rewardAmount), 0),
    perkCount,
  }
}
