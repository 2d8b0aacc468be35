import { LoyaltyError } from './loyalty-error'

/** Why an HMAC request signature was refused; every one answers 401 UNAUTHORIZED. */
export type SignatureRefusal =
  | 'MISSING_SIGNATURE'
  | 'MALFORMED_SIGNATURE'
  | 'STALE_TIMESTAMP'
  | 'UNKNOWN_BRAND'
  | 'UNKNOWN_AGENT_KEY'
  | 'BAD_SIGNATURE'
  | 'REPLAYED_SIGNATURE'

/**
 * A missing, stale (> 300 s), wrong or replayed HMAC request signature (401 UNAUTHORIZED,
 * `details.reason`): perk charges and the agent API (signing/verify-request-signature.ts).
 */
export class RequestSignatureError extends LoyaltyError {
  override name = 'RequestSignatureError'
  constructor(message: string, reason: SignatureRefusal, details: Record<string, unknown> = {}) {
    super(message, { code: 'UNAUTHORIZED', category: 'authentication', details: { reason, ...details } })
  }
}
