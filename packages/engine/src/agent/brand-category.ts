import type { Brand, BrandCategory } from '../ports/brand-store'

/** A brand's category (`retail|dining|travel|gaming|other`, docs/agent-api.md "Categories"), or null. */
export function brandCategory(brand: Brand): BrandCategory | null {
  return brand.category
}
