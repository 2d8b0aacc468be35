import { createHmac, timingSafeEqual } from 'node:crypto'
import type { EngineContext } from '../context'
import { RequestSignatureError, type SignatureRefusal } from '../errors/request-signature-error'
import { type CanonicalRequestParts, canonicalRequest } from './canonical-request'

/** Accepted clock skew between the signer and this server (DESIGN.md: 300 s); also how long a signature is remembered. */
const SIGNATURE_TOLERANCE_SECONDS = 300

/** A request as received: the canonical parts plus the signature headers (absent when not sent). */
export type SignedRequestParts = Omit<CanonicalRequestParts, 'timestamp'> & {
  /** `X-LOYALTY-Timestamp` (Unix seconds). */
  timestamp: string | undefined
  /** `X-LOYALTY-Signature` (lowercase hex HMAC-SHA256). */
  signature: string | undefined
}

/**
 * Verifies an HMAC-signed request (perk charges; the agent API uses the same scheme) against
 * `secret`, the signer's key (used as its UTF-8 bytes): headers present, timestamp within 300 s of
 * now, signature equal in constant time, and never seen before inside the window (the signature-replay
 * store under `scope`, so a replay to another process is refused too). Throws RequestSignatureError (401).
 * `secret` undefined (unknown signer) is refused like a wrong signature, with reason `unknownSigner`
 * (default UNKNOWN_BRAND).
 */
export async function verifyRequestSignature(
  ctx: EngineContext,
  p: SignedRequestParts & { scope: string; secret: string | undefined },
  options: { toleranceSeconds?: number; unknownSigner?: SignatureRefusal } = {},
): Promise<void> {
  const tolerance = options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS
  if (!p.timestamp || !p.signature) {
    throw new RequestSignatureError('Missing request signature', 'MISSING_SIGNATURE', {
      required: ['X-LOYALTY-Timestamp', 'X-LOYALTY-Signature'],
    })
  }
  if (!/^\d{1,12}$/.test(p.timestamp) || !/^[0-9a-fA-F]{64}$/.test(p.signature)) {
    throw new RequestSignatureError('Malformed request signature', 'MALFORMED_SIGNATURE')
  }
  const now = ctx.clock.now()
  const timestamp = Number(p.timestamp)
  if (Math.abs(now / 1000 - timestamp) > tolerance) {
    throw new RequestSignatureError(
      `Request timestamp is more than ${tolerance} seconds away from now`,
      'STALE_TIMESTAMP',
      {
        toleranceSeconds: tolerance,
        serverTime: Math.floor(now / 1000),
      },
    )
  }
  if (p.secret === undefined) {
    throw new RequestSignatureError('Invalid request signature', options.unknownSigner ?? 'UNKNOWN_BRAND')
  }
  const expected = createHmac('sha256', Buffer.from(p.secret, 'utf8'))
    .update(canonicalRequest({ ...p, timestamp: p.timestamp }))
    .digest()
  const given = Buffer.from(p.signature, 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new RequestSignatureError('Invalid request signature', 'BAD_SIGNATURE')
  }
  const fresh = await ctx.storage.signatureReplays.remember({
    scope: p.scope,
    signature: p.signature.toLowerCase(),
    expiresAt: (timestamp + tolerance + 1) * 1000,
    now,
  })
  if (!fresh) throw new RequestSignatureError('This request signature was used before', 'REPLAYED_SIGNATURE')
}
