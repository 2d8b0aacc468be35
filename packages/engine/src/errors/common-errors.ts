import { LoyaltyError } from './loyalty-error'

export type FieldIssue = { field: string; message: string }

/** Input failed validation; `details` lists one message per field. */
export class ValidationError extends LoyaltyError {
  override name = 'ValidationError'
  constructor(message: string, issues: FieldIssue[] | Record<string, unknown> = []) {
    super(message, { code: 'VALIDATION_FAILED', category: 'invalid_request', details: issues })
  }
}

export class NotFoundError extends LoyaltyError {
  override name = 'NotFoundError'
  constructor(message: string, code = 'NOT_FOUND', details?: unknown) {
    super(message, { code, category: 'not_found', details })
  }
}

export class ConflictError extends LoyaltyError {
  override name = 'ConflictError'
  constructor(message: string, code = 'CONFLICT', details?: unknown) {
    super(message, { code, category: 'conflict', details })
  }
}

export class UnavailableError extends LoyaltyError {
  override name = 'UnavailableError'
  constructor(message: string, code = 'UNAVAILABLE', details?: unknown, cause?: unknown) {
    super(message, { code, category: 'unavailable', details, cause })
  }
}

export class ConfigError extends LoyaltyError {
  override name = 'ConfigError'
  constructor(message: string, details?: unknown) {
    super(message, { code: 'INVALID_CONFIG', category: 'invalid_request', details })
  }
}
