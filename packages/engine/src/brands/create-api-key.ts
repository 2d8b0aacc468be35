import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { ApiKeyRecord } from '../ports/api-key-store'
import { apiKeyScopeSchema } from '../schemas/api-key-scope'
import { brandIdSchema } from '../schemas/brand-id'
import { issueApiKey } from './issue-api-key'
import { requireBrand } from './require-brand'

export const createApiKeyParametersSchema = z.object({
  brandId: brandIdSchema,
  scopes: z.array(apiKeyScopeSchema).min(1),
})

export type CreateApiKeyParameters = z.input<typeof createApiKeyParametersSchema>

/** A new bearer API key for a brand; `apiKey` is shown once (only its hash is stored). */
export async function createApiKey(
  ctx: EngineContext,
  params: CreateApiKeyParameters,
): Promise<{ apiKey: string; record: ApiKeyRecord }> {
  const p = parseInput(createApiKeyParametersSchema, params, 'Invalid API key request')
  return ctx.storage.transaction(async (tx) => {
    await requireBrand(tx, p.brandId)
    return issueApiKey(ctx, tx, p)
  })
}
