import { retryHintMs } from '../retries/retry-hint'
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  RateLimitError,
  ServerError,
} from './http-errors'
import { LoyaltyApiError, type LoyaltyApiErrorInit } from './loyalty-api-error'
import { parseErrorBody } from './parse-error-body'

export type GenerateApiErrorParameters = {
  status: number
  /** Response headers with lowercase names. */
  headers: Record<string, string>
  rawBody: string
  /** Current time in epoch milliseconds (for `RateLimitError.retryAfter` from an HTTP date or reset time). */
  now?: number
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const CLASS_BY_STATUS: Record<number, typeof LoyaltyApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
}

/**
 * Rebuilds the error class from a non-2xx response (stripe's `generateV1Error`): the class from the
 * status, message/code/details from whichever body shape the server used.
 */
export function generateApiError(p: GenerateApiErrorParameters): LoyaltyApiError {
  const json = p.rawBody === '' ? undefined : parseJson(p.rawBody)
  const parsed = parseErrorBody(json)
  const snippet = json === undefined && p.rawBody !== '' ? `: ${p.rawBody.slice(0, 200)}` : ''
  const message = parsed.message ?? `Request failed with status ${p.status}${snippet}`
  const init: LoyaltyApiErrorInit = {
    status: p.status,
    code: parsed.code,
    details: parsed.details,
    requestId: p.headers['x-request-id'],
    headers: p.headers,
    body: json ?? (p.rawBody === '' ? undefined : p.rawBody),
    rawBody: p.rawBody,
  }

  if (p.status === 429) {
    const hint = retryHintMs(p.headers, p.now ?? Date.now())
    return new RateLimitError(message, { ...init, retryAfter: hint === undefined ? undefined : hint / 1000 })
  }
  if (p.status >= 500) return new ServerError(message, init)
  const ErrorClass = CLASS_BY_STATUS[p.status] ?? LoyaltyApiError
  return new ErrorClass(message, init)
}
