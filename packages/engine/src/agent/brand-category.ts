import type { Brand, BrandCategory } from '../ports/brand-store'

/** A brand's category (`retail|dining|travel|gaming|other`, docs/agent-api.md "Categories"), or null. */
export function brandCategory(brand: Brand): BrandCategory | null {
  return brand.category
}

/** The category a brand counts under in analytics groupings: its own, else `other` (unknown brands too). */
export function brandCategoryOrOther(brand: Brand | undefined): string {
  return (brand && brandCategory(brand)) ?? 'other'
}
