import { verifyApiKey } from '../brands/verify-api-key'
import type { EngineContext } from '../context'
import { LoyaltyError } from '../errors/loyalty-error'

/**
 * True when `apiKey` is a live key of `brandId` with the `events` scope (the brand's own servers and
 * bots). A key that is unknown, revoked or lacks the scope is refused with 401 INVALID_API_KEY, and a
 * valid key of another brand with 403 API_KEY_BRAND_MISMATCH.
 */
export async function isTrustedCaller(ctx: EngineContext, apiKey: string, brandId: string): Promise<boolean> {
  const key = await verifyApiKey(ctx, { apiKey, scope: 'events' })
  if (!key) {
    throw new LoyaltyError('Invalid API key', { code: 'INVALID_API_KEY', category: 'authentication' })
  }
  if (key.brandId !== brandId) {
    throw new LoyaltyError('API key belongs to another brand', {
      code: 'API_KEY_BRAND_MISMATCH',
      category: 'permission',
      details: { brandId },
    })
  }
  return true
}
