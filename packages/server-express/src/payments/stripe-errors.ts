import { ConflictError, isLoyaltyError, LoyaltyError, PaymentProviderError } from '@loyaltykit/engine'
import type Stripe from 'stripe'

type StripeLikeError = Pick<Stripe.errors.StripeError, 'type' | 'message' | 'statusCode' | 'code' | 'requestId'> & {
  param?: string
}

function isStripeError(e: unknown): e is StripeLikeError {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as { type?: unknown }).type === 'string' &&
    (e as { type: string }).type.startsWith('Stripe')
  )
}

/**
 * A Stripe SDK error → an engine error: a rejected request (bad parameter, e.g. a success_url Stripe
 * refuses) → invalid_request (400, PAYMENT_PROVIDER_REJECTED); an idempotency clash → conflict;
 * anything else (auth, permission, rate limit, connection, 5xx) → upstream (502,
 * PAYMENT_PROVIDER_ERROR), safe to retry. Never carries the API key.
 */
export function fromStripeError(error: unknown, operation: string): LoyaltyError {
  if (isLoyaltyError(error)) return error
  if (!isStripeError(error)) return new PaymentProviderError(`Stripe ${operation} failed`, { operation }, error)
  const details = {
    operation,
    stripeType: error.type,
    ...(error.code ? { stripeCode: error.code } : {}),
    ...(error.requestId ? { stripeRequestId: error.requestId } : {}),
  }
  switch (error.type) {
    case 'StripeInvalidRequestError':
      return new LoyaltyError(`Stripe refused the request: ${error.message}`, {
        code: 'PAYMENT_PROVIDER_REJECTED',
        category: 'invalid_request',
        details: { ...details, ...(error.param ? { param: error.param } : {}) },
        cause: error,
      })
    case 'StripeIdempotencyError':
      return new ConflictError(
        `Stripe refused the idempotency key: ${error.message}`,
        'IDEMPOTENCY_KEY_REUSED',
        details,
      )
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return new PaymentProviderError('Stripe refused the configured API key', details, error)
    default:
      return new PaymentProviderError(`Stripe ${operation} failed: ${error.message}`, details, error)
  }
}

/** Stripe's answer to an unknown object id (`resource_missing`, 404). */
export function isResourceMissing(error: unknown): boolean {
  return isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404)
}
