import type { ErrorCategory } from '@loyaltykit/engine'

/** THE table from engine error category to HTTP status. Nothing else in the server picks a status. */
export const STATUS_FOR_CATEGORY: Readonly<Record<ErrorCategory, number>> = {
  invalid_request: 400,
  authentication: 401,
  permission: 403,
  not_found: 404,
  conflict: 409,
  rate_limit: 429,
  payload_too_large: 413,
  upstream: 502,
  unavailable: 503,
  internal: 500,
}

/** Reverse lookup for errors that arrive with a status (body parser, router): closest category. */
export function categoryForStatus(status: number): ErrorCategory {
  for (const [category, s] of Object.entries(STATUS_FOR_CATEGORY)) {
    if (s === status) return category as ErrorCategory
  }
  if (status === 405 || status === 415 || status === 422 || (status >= 400 && status < 500)) return 'invalid_request'
  if (status === 504) return 'upstream'
  return 'internal'
}
