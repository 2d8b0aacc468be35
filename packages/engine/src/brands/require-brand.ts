import { NotFoundError } from '../errors/common-errors'
import type { Brand } from '../ports/brand-store'
import type { Stores } from '../ports/storage'

/** The brand, or NotFoundError (code BRAND_NOT_FOUND). Works on `ctx.storage` or a transaction's stores. */
export async function requireBrand(stores: Pick<Stores, 'brands'>, brandId: string): Promise<Brand> {
  const brand = await stores.brands.get(brandId)
  if (!brand) throw new NotFoundError(`Brand ${brandId} not found`, 'BRAND_NOT_FOUND', { brandId })
  return brand
}
