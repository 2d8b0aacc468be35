import { LoyaltyError } from '../errors/loyalty-error'

/**
 * An external constraint API could not answer (refused URL, private address, timeout, oversized or
 * malformed answer, non-2xx status). Nothing is cached; the caller decides (the relayer refuses the
 * purchase). Category upstream (502).
 */
export class ConstraintCheckFailedError extends LoyaltyError {
  override name = 'ConstraintCheckFailedError'
  constructor(message: string, details: { apiUrl: string; reason: string }, cause?: unknown) {
    super(message, { code: 'CONSTRAINT_CHECK_FAILED', category: 'upstream', details, cause })
  }
}

/** A constraint-invalidation request without `api_url`, or with a malformed filter (400). */
export class InvalidInvalidationRequestError extends LoyaltyError {
  override name = 'InvalidInvalidationRequestError'
  constructor(message: string, field: string) {
    super(message, { code: 'VALIDATION_FAILED', category: 'invalid_request', details: [{ field, message }] })
  }
}
