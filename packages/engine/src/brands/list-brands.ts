import type { EngineContext } from '../context'
import type { Brand } from '../ports/brand-store'

/** Every brand, oldest first. */
export async function listBrands(ctx: EngineContext): Promise<Brand[]> {
  return ctx.storage.brands.list()
}
