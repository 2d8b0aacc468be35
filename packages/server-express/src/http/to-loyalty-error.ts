import { isLoyaltyError, LoyaltyError, UnavailableError } from '@loyaltykit/engine'
import { isDatabaseUnavailable } from '../storage/is-database-unavailable'
import { categoryForStatus } from './status-for-category'

type HttpLikeError = { status?: unknown; statusCode?: unknown; expose?: unknown; type?: unknown; message?: unknown }

/**
 * Anything thrown in a request → a LoyaltyError. Engine errors pass through; errors of the body
 * parser and router (http-errors with `status` and `expose`) keep their status, a path parameter the
 * router cannot decode is 400 MALFORMED_PATH; a database that
 * cannot be used (down, dropped, locked, closed) is 503 DATABASE_UNAVAILABLE; everything else is an
 * internal error. The driver's message never leaves the process in either case.
 */
export function toLoyaltyError(e: unknown, limitBytes: number): LoyaltyError {
  if (isLoyaltyError(e)) return e
  const h = (typeof e === 'object' && e !== null ? e : {}) as HttpLikeError
  const status = typeof h.status === 'number' ? h.status : typeof h.statusCode === 'number' ? h.statusCode : undefined
  if (h.type === 'entity.too.large') {
    const limit = typeof (h as { limit?: unknown }).limit === 'number' ? (h as { limit: number }).limit : limitBytes
    return new LoyaltyError(`Request body exceeds the ${Math.round(limit / 1024)} KB limit`, {
      code: 'PAYLOAD_TOO_LARGE',
      category: 'payload_too_large',
      details: { limitBytes: limit },
      cause: e,
    })
  }
  if (h.type === 'entity.parse.failed') {
    return new LoyaltyError('Malformed JSON body', {
      code: 'MALFORMED_JSON',
      category: 'invalid_request',
      details: [{ field: '(body)', message: 'The request body is not valid JSON' }],
      cause: e,
    })
  }
  if (h.type === 'encoding.unsupported' || h.type === 'charset.unsupported') {
    return new LoyaltyError('Unsupported body encoding', {
      code: 'UNSUPPORTED_ENCODING',
      category: 'invalid_request',
      details: [{ field: '(body)', message: String(h.message ?? 'unsupported encoding') }],
      cause: e,
    })
  }
  if (e instanceof URIError && status === 400) {
    // The router could not percent-decode a path parameter (`/payments/%E0%A4%A`).
    return new LoyaltyError('Malformed path: a parameter is not valid percent-encoding', {
      code: 'MALFORMED_PATH',
      category: 'invalid_request',
      details: [{ field: '(path)', message: 'not valid percent-encoding' }],
      cause: e,
    })
  }
  if (status !== undefined && status >= 400 && status < 500 && h.expose === true) {
    return new LoyaltyError(typeof h.message === 'string' ? h.message : 'Bad request', {
      code: 'BAD_REQUEST',
      category: categoryForStatus(status),
      details: {},
      cause: e,
    })
  }
  if (isDatabaseUnavailable(e)) return new UnavailableError('Database unavailable', 'DATABASE_UNAVAILABLE', {}, e)
  return new LoyaltyError('Internal server error', { code: 'INTERNAL', category: 'internal', cause: e })
}
