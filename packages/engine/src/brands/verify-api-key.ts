import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { ApiKeyRecord } from '../ports/api-key-store'
import { apiKeyScopeSchema } from '../schemas/api-key-scope'
import { hashApiKey } from './hash-api-key'

export const verifyApiKeyParametersSchema = z.object({
  /** The key as presented (`Authorization: Bearer …`). */
  apiKey: z.string(),
  /** The scope the caller needs. */
  scope: apiKeyScopeSchema,
})

export type VerifyApiKeyParameters = z.input<typeof verifyApiKeyParametersSchema>

/**
 * The record of a presented bearer API key when it exists, is not revoked and has `scope`; else
 * undefined (the caller answers 401/403). Lookup is by SHA-256 hash through a unique index, so no
 * secret is compared byte by byte.
 */
export async function verifyApiKey(
  ctx: EngineContext,
  params: VerifyApiKeyParameters,
): Promise<ApiKeyRecord | undefined> {
  const p = parseInput(verifyApiKeyParametersSchema, params)
  if (p.apiKey.length === 0 || p.apiKey.length > 256) return undefined
  const record = await ctx.storage.apiKeys.findByHash(hashApiKey(p.apiKey))
  if (!record || record.revokedAt !== null || !record.scopes.includes(p.scope)) return undefined
  return record
}
