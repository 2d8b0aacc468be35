import type { EngineContext } from '../context'
import type { ApiKeyRecord, ApiKeyScope } from '../ports/api-key-store'
import { hashApiKey } from './hash-api-key'

/**
 * The record of a presented bearer API key when it exists, is not revoked and has `scope`; else
 * undefined (the caller answers 401/403). Lookup is by SHA-256 hash through a unique index, so no
 * secret is compared byte by byte.
 */
export async function verifyApiKey(
  ctx: EngineContext,
  params: { apiKey: string; scope: ApiKeyScope },
): Promise<ApiKeyRecord | undefined> {
  if (params.apiKey.length === 0 || params.apiKey.length > 256) return undefined
  const record = await ctx.storage.apiKeys.findByHash(hashApiKey(params.apiKey))
  if (!record || record.revokedAt !== null || !record.scopes.includes(params.scope)) return undefined
  return record
}
