import { z } from 'zod'
import { getBrandSecurityKey } from '../brands/get-brand-security-key'
import type { EngineContext } from '../context'
import { RequestSignatureError } from '../errors/request-signature-error'
import { parseInput } from '../errors/zod-issues'
import { verifyRequestSignature } from '../signing/verify-request-signature'

/** The signed request as received: headers (absent ones undefined), method, path with query, raw body. */
export const verifyBrandSignatureParametersSchema = z.object({
  /** `X-LOYALTY-Brand-Id`. */
  brandId: z.string().optional(),
  /** `X-LOYALTY-Timestamp` (Unix seconds). */
  timestamp: z.string().optional(),
  /** `X-LOYALTY-Signature` (lowercase hex HMAC-SHA256). */
  signature: z.string().optional(),
  method: z.string(),
  /** Path plus query exactly as received (`/redeem-perk?x=1`). */
  pathWithQuery: z.string(),
  /** The raw body bytes as received; empty or absent hashes the empty string. */
  rawBody: z.union([z.custom<Uint8Array>((v) => v instanceof Uint8Array), z.string()]).optional(),
})

export type VerifyBrandSignatureParameters = z.input<typeof verifyBrandSignatureParametersSchema>

/**
 * Authenticates a perk-charge request (DESIGN.md: `X-LOYALTY-Brand-Id`, `X-LOYALTY-Timestamp`,
 * `X-LOYALTY-Signature`, keyed by the brand's security key from `loyaltykit brand keys`). Answers the
 * brand id; throws RequestSignatureError (401) otherwise.
 */
export async function verifyBrandSignature(
  ctx: EngineContext,
  params: VerifyBrandSignatureParameters,
): Promise<{ brandId: string }> {
  const p = parseInput(verifyBrandSignatureParametersSchema, params, 'Invalid signed request')
  const brandId = p.brandId?.trim().toLowerCase()
  if (!brandId) {
    throw new RequestSignatureError('Missing request signature', 'MISSING_SIGNATURE', {
      required: ['X-LOYALTY-Brand-Id', 'X-LOYALTY-Timestamp', 'X-LOYALTY-Signature'],
    })
  }
  const secret = /^0x[0-9a-f]{40}$/.test(brandId) ? await getBrandSecurityKey(ctx, { brandId }) : undefined
  await verifyRequestSignature(ctx, {
    timestamp: p.timestamp,
    signature: p.signature,
    method: p.method,
    pathWithQuery: p.pathWithQuery,
    rawBody: p.rawBody,
    scope: `perk-charges:${brandId}`,
    secret,
  })
  return { brandId }
}
