import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { ApiKeyRecord } from '../ports/api-key-store'
import { brandIdSchema } from '../schemas/brand-id'
import { requireBrand } from './require-brand'

export const listApiKeysParametersSchema = z.object({ brandId: brandIdSchema })

export type ListApiKeysParameters = z.input<typeof listApiKeysParametersSchema>

/** A brand's API keys (hash and prefix only), revoked ones included, oldest first. */
export async function listApiKeys(ctx: EngineContext, params: ListApiKeysParameters): Promise<ApiKeyRecord[]> {
  const p = parseInput(listApiKeysParametersSchema, params)
  await requireBrand(ctx.storage, p.brandId)
  return ctx.storage.apiKeys.listForBrand(p.brandId)
}
