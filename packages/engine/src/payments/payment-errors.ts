import { LoyaltyError } from '../errors/loyalty-error'

/** The provider has no checkout session with this id → 404. */
export class PaymentSessionNotFoundError extends LoyaltyError {
  override name = 'PaymentSessionNotFoundError'
  constructor(sessionId: string) {
    super('Session not found', { code: 'PAYMENT_SESSION_NOT_FOUND', category: 'not_found', details: { sessionId } })
  }
}

/**
 * The session is not paid (yet) → 409: the session's state conflicts with minting; calling again
 * after the payment completes succeeds.
 */
export class PaymentNotCompletedError extends LoyaltyError {
  override name = 'PaymentNotCompletedError'
  readonly paymentStatus: string
  constructor(sessionId: string, paymentStatus: string) {
    super(`Payment not completed: ${paymentStatus}`, {
      code: 'PAYMENT_NOT_COMPLETED',
      category: 'conflict',
      details: { sessionId, paymentStatus },
    })
    this.paymentStatus = paymentStatus
  }
}

export type SessionMetadataErrorCode = 'INVALID_WALLET_ADDRESS' | 'INVALID_AMOUNT' | 'AMOUNT_MISMATCH'

/**
 * The paid session's metadata cannot be minted (not a session created by create-checkout, or
 * altered) → 400. Repeating the call cannot help.
 */
export class SessionMetadataError extends LoyaltyError {
  override name = 'SessionMetadataError'
  constructor(code: SessionMetadataErrorCode, message: string, details: Record<string, unknown>) {
    super(message, { code, category: 'invalid_request', details })
  }
}

/** The payment provider failed or could not be reached → 502; safe to retry. */
export class PaymentProviderError extends LoyaltyError {
  override name = 'PaymentProviderError'
  constructor(message: string, details: Record<string, unknown> = {}, cause?: unknown) {
    super(message, { code: 'PAYMENT_PROVIDER_ERROR', category: 'upstream', details, cause })
  }
}

/** A webhook delivery whose signature is missing, malformed, stale or wrong → 400. */
export class WebhookSignatureError extends LoyaltyError {
  override name = 'WebhookSignatureError'
  constructor(message: string, cause?: unknown) {
    super(message, { code: 'INVALID_WEBHOOK_SIGNATURE', category: 'invalid_request', details: {}, cause })
  }
}
