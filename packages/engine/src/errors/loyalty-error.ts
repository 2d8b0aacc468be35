/**
 * The categories an engine error can fall in. The HTTP layer maps each category to one status in a
 * single table; nothing else in the engine knows about HTTP.
 */
export type ErrorCategory =
  | 'invalid_request'
  | 'authentication'
  | 'permission'
  | 'not_found'
  | 'conflict'
  | 'rate_limit'
  | 'payload_too_large'
  | 'upstream'
  | 'unavailable'
  | 'internal'

export type LoyaltyErrorOptions = {
  /** Machine-readable, UPPER_SNAKE. */
  code: string
  category: ErrorCategory
  details?: unknown
  cause?: unknown
}

/** Base class of every error the engine throws on purpose (viem's BaseError shape). */
export class LoyaltyError extends Error {
  override name = 'LoyaltyError'
  readonly code: string
  readonly category: ErrorCategory
  readonly details: unknown
  /** Marker so errors are recognised by shape across two copies of the package. */
  readonly isLoyaltyError = true as const

  constructor(message: string, options: LoyaltyErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = options.code
    this.category = options.category
    this.details = options.details
  }
}

/** Recognise an engine error by shape, not only by `instanceof`. */
export function isLoyaltyError(e: unknown): e is LoyaltyError {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { isLoyaltyError?: unknown }).isLoyaltyError === true &&
    typeof (e as { code?: unknown }).code === 'string' &&
    typeof (e as { category?: unknown }).category === 'string'
  )
}
