import type { Brand } from '../ports/brand-store'
import { brandCategory } from './brand-category'

/** A user's share (0–1) of all they earned, per brand and per brand category. */
export type EarningAffinity = { brands: Map<string, number>; categories: Map<string, number> }

/** Shares of `earned` per brand (and of the brands' categories, when they have one); empty when nothing was earned. */
export function earningAffinity(
  earned: ReadonlyArray<{ brandId: string; earned: number }>,
  brands: ReadonlyMap<string, Brand>,
): EarningAffinity {
  const total = earned.reduce((sum, e) => sum + Math.max(0, e.earned), 0)
  const result: EarningAffinity = { brands: new Map(), categories: new Map() }
  if (total <= 0) return result
  for (const e of earned) {
    if (e.earned <= 0) continue
    const share = e.earned / total
    result.brands.set(e.brandId, share)
    const brand = brands.get(e.brandId)
    const category = brand ? brandCategory(brand) : null
    if (category) result.categories.set(category, (result.categories.get(category) ?? 0) + share)
  }
  return result
}

/** A perk's affinity for the user: the larger of their share at its brand and in its brand's category. */
export function perkAffinity(a: EarningAffinity, brand: Brand | undefined): number {
  if (!brand) return 0
  const category = brandCategory(brand)
  return Math.max(a.brands.get(brand.id) ?? 0, category ? (a.categories.get(category) ?? 0) : 0)
}
