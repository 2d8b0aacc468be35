import { randomBytes } from 'node:crypto'
import type { EngineContext } from '../context'
import type { ApiKeyRecord, ApiKeyScope } from '../ports/api-key-store'
import type { Stores } from '../ports/storage'
import { hashApiKey } from './hash-api-key'

/** Length of ApiKeyRecord.prefix: `lk_` and 9 random characters. */
const PREFIX_LENGTH = 12

/**
 * Generates a bearer API key (`lk_` + 32 random bytes, base64url), stores only its SHA-256 hash,
 * and answers the key (to show once) with its record.
 */
export async function issueApiKey(
  ctx: EngineContext,
  stores: Stores,
  p: { brandId: string; scopes: ApiKeyScope[] },
): Promise<{ apiKey: string; record: ApiKeyRecord }> {
  const apiKey = `lk_${randomBytes(32).toString('base64url')}`
  const record: ApiKeyRecord = {
    id: ctx.ids.uuid(),
    brandId: p.brandId,
    scopes: [...new Set(p.scopes)],
    keyHash: hashApiKey(apiKey),
    prefix: apiKey.slice(0, PREFIX_LENGTH),
    createdAt: ctx.clock.now(),
    revokedAt: null,
  }
  await stores.apiKeys.create(record)
  return { apiKey, record }
}
