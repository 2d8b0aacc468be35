import type { EngineContext } from '../context'
import { LoyaltyError } from '../errors/loyalty-error'
import type { ApiKeyScope } from '../ports/api-key-store'
import { hashApiKey } from './hash-api-key'

/** What a caller must hold: one of `scopes`; `refusal` is the 403's message otherwise. */
export type BrandKeyAccess = { scopes: readonly ApiKeyScope[]; refusal: string }

/** Scopes that may read a brand's member data: the brand's server key, or a read-only key. */
const MEMBER_READ: BrandKeyAccess = {
  scopes: ['events', 'members_read'],
  refusal: 'This API key may not read member data',
}

/** Who reads: the brand the presented key belongs to, and as what it presented itself. */
export type BrandReaderOptions = {
  /** The bearer API key as presented (`Authorization: Bearer …`). */
  apiKey?: string | undefined
}

/**
 * The brand whose member data a caller may read (docs/members.md#who-may-read): the brand of a live
 * API key with the scope `events` or `members_read`. The key names the brand; a `brandId` the request
 * also names must be the same. No key → 401 API_KEY_REQUIRED; an unknown or revoked key → 401
 * INVALID_API_KEY; a live key without either scope (or those of `access`: the site API's) (the public DNS key, a constraints-only key) → 403
 * API_KEY_SCOPE_MISSING; a `brandId` of another brand → 403 API_KEY_BRAND_MISMATCH. A step of the
 * member reads (called first, before their input is judged), not an operation.
 */
export async function authorizeBrandReader(
  ctx: EngineContext,
  options: BrandReaderOptions,
  requestedBrandId?: unknown,
  access: BrandKeyAccess = MEMBER_READ,
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
  if (!record.scopes.some((s) => access.scopes.includes(s))) {
    throw new LoyaltyError(access.refusal, {
      code: 'API_KEY_SCOPE_MISSING',
      category: 'permission',
      details: { acceptedScopes: access.scopes, scopes: record.scopes },
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
