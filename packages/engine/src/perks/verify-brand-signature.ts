import { getBrandSecurityKey } from '../brands/get-brand-security-key'
import type { EngineContext } from '../context'
import { RequestSignatureError } from '../errors/request-signature-error'
import { type SignedRequestParts, verifyRequestSignature } from '../signing/verify-request-signature'

/**
 * Authenticates a perk-charge request (DESIGN.md: `X-LOYALTY-Brand-Id`, `X-LOYALTY-Timestamp`,
 * `X-LOYALTY-Signature`, keyed by the brand's security key from `loyaltykit brand keys`). Answers the
 * brand id; throws RequestSignatureError (401) otherwise.
 */
export async function verifyBrandSignature(
  ctx: EngineContext,
  p: SignedRequestParts & { brandId: string | undefined },
): Promise<{ brandId: string }> {
  const brandId = p.brandId?.trim().toLowerCase()
  if (!brandId) {
    throw new RequestSignatureError('Missing request signature', 'MISSING_SIGNATURE', {
      required: ['X-LOYALTY-Brand-Id', 'X-LOYALTY-Timestamp', 'X-LOYALTY-Signature'],
    })
  }
  const secret = /^0x[0-9a-f]{40}$/.test(brandId) ? await getBrandSecurityKey(ctx, { brandId }) : undefined
  await verifyRequestSignature(ctx, { ...p, scope: `perk-charges:${brandId}`, secret })
  return { brandId }
}
