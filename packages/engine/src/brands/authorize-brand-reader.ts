import type { EngineContext } from '../context'
import { LoyaltyError } from '../errors/loyalty-error'
import type { ApiKeyScope } from '../ports/api-key-store'
import { hashApiKey } from './hash-api-key'

/** Scopes that may read a brand's member data: the brand's server key, or a read-only key. */
const MEMBER_READ_SCOPES: readonly ApiKeyScope[] = ['events', 'members_read']

/** Who reads: the brand the presented key belongs to, and as what it presented itself. */
export type BrandReaderOptions = {
  /** The bearer API key as presented (`Authorization: Bearer …`). */
  apiKey?: string | undefined
}

/**
 * The brand whose member data a caller may read (docs/members.md#who-may-read): the brand of a live
 * API key with the scope `events` or `members_read`. The key names the brand; a `brandId` the request
 * also names must be the same. No key → 401 API_KEY_REQUIRED; an unknown or revoked key → 401
 * INVALID_API_KEY; a live key without either scope (the public DNS key, a constraints-only key) → 403
 * API_KEY_SCOPE_MISSING; a `brandId` of another brand → 403 API_KEY_BRAND_MISMATCH. A step of the
 * member reads (called first, before their input is judged), not an operation.
 */
export async function authorizeBrandReader(
  ctx: EngineContext,
  options: BrandReaderOptions,
  requestedBrandId?: unknown,
): Promise<string> {
  const apiKey = options.apiKey
  if (apiKey === undefined || apiKey === '') {
    throw new LoyaltyError('Missing Authorization: Bearer <API_KEY> (the brand’s API key)', {
      code: 'API_KEY_REQUIRED',
      category: 'authentication',
    })
  }
  const record = apiKey.length > 256 ? undefined : await ctx.storage.apiKeys.findByHash(hashApiKey(apiKey))
  if (!record || record.revokedAt !== null) {
    throw new LoyaltyError('Invalid API key', { code: 'INVALID_API_KEY', category: 'authentication' })
  }
  if (!record.scopes.some((s) => MEMBER_READ_SCOPES.includes(s))) {
    throw new LoyaltyError('This API key may not read member data', {
      code: 'API_KEY_SCOPE_MISSING',
      category: 'permission',
      details: { acceptedScopes: MEMBER_READ_SCOPES, scopes: record.scopes },
    })
  }
  const brandId = record.brandId.toLowerCase()
  if (typeof requestedBrandId === 'string' && requestedBrandId !== '' && requestedBrandId.toLowerCase() !== brandId) {
    throw new LoyaltyError('API key belongs to another brand', {
      code: 'API_KEY_BRAND_MISMATCH',
      category: 'permission',
      details: { brandId: requestedBrandId },
    })
  }
  return brandId
}
