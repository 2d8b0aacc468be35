import { LoyaltyApiError, type LoyaltyApiErrorInit } from './loyalty-api-error'

/** 400: missing or invalid fields; `details` lists messages per field. */
export class BadRequestError extends LoyaltyApiError {
  override name = 'BadRequestError'
}

/** 401: missing, invalid or expired credentials or signature. */
export class AuthenticationError extends LoyaltyApiError {
  override name = 'AuthenticationError'
}

/** 403: domain not authorised for the brand, channel mismatch, missing permission. */
export class PermissionError extends LoyaltyApiError {
  override name = 'PermissionError'
}

/** 404: unknown endpoint or resource. */
export class NotFoundError extends LoyaltyApiError {
  override name = 'NotFoundError'
}

/** 409: duplicate event (`details.existingEventId`), claim limit reached, idempotency conflict. */
export class ConflictError extends LoyaltyApiError {
  override name = 'ConflictError'
}

/** 413: body over the server's limit (10 KB on the event handler). */
export class PayloadTooLargeError extends LoyaltyApiError {
  override name = 'PayloadTooLargeError'
}

/** 429: rate limit, cooldown or max claims. */
export class RateLimitError extends LoyaltyApiError {
  override name = 'RateLimitError'
  /** Seconds to wait, from `Retry-After` or `X-RateLimit-Reset`; undefined when the server gave neither. */
  readonly retryAfter: number | undefined

  constructor(message: string, init: LoyaltyApiErrorInit & { retryAfter?: number | undefined } = {}) {
    super(message, init)
    this.retryAfter = init.retryAfter
  }
}

/** 5xx: internal error, blockchain transaction failure, service unavailable. */
export class ServerError extends LoyaltyApiError {
  override name = 'ServerError'
}
