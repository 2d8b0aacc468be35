import type { LoyaltyError } from '@loyaltykit/engine'
import type { ErrorSurface } from './error-surface'

export type ErrorBody = Record<string, unknown>

function detailsOf(e: LoyaltyError): unknown {
  return e.details === undefined ? {} : e.details
}

/**
 * The body of an error response, in the shape of the surface the request belongs to. Internal errors
 * never carry their message, stack or cause: only their code and the request id.
 */
export function renderError(surface: ErrorSurface, e: LoyaltyError, requestId: string): ErrorBody {
  const internal = e.category === 'internal'
  const message = internal ? 'Internal server error' : e.message
  const details = internal ? { requestId } : detailsOf(e)
  switch (surface) {
    case 'generic':
      return { error: message, message, code: e.code, details, requestId }
    default:
      return { success: false, error: message, message, code: e.code, details, requestId }
  }
}
