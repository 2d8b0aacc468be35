import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { Brand } from '../ports/brand-store'

export const listBrandsParametersSchema = z.object({})

export type ListBrandsParameters = z.input<typeof listBrandsParametersSchema>

/** Every brand, oldest first. */
export async function listBrands(ctx: EngineContext, params: ListBrandsParameters = {}): Promise<Brand[]> {
  parseInput(listBrandsParametersSchema, params)
  return ctx.storage.brands.list()
}
