import type { EngineContext } from '../context'
import { NotFoundError, ValidationError } from '../errors/common-errors'
import type { Brand } from '../ports/brand-store'

/**
 * The brands of a comparison's `brandIds`, in order: a repeated id → 400 on `brandIds`, unknown ones
 * → 404 BRAND_NOT_FOUND naming them.
 */
export async function requireDistinctBrands(ctx: EngineContext, brandIds: readonly string[]): Promise<Brand[]> {
  if (new Set(brandIds).size !== brandIds.length) {
    throw new ValidationError('Invalid input', [{ field: 'brandIds', message: 'must not repeat a brand' }])
  }
  const found = await Promise.all(brandIds.map((id) => ctx.storage.brands.get(id)))
  const unknown = brandIds.filter((_, i) => !found[i])
  if (unknown.length > 0)
    throw new NotFoundError(`Unknown brands: ${unknown.join(', ')}`, 'BRAND_NOT_FOUND', { unknown })
  return found as Brand[]
}
