import type { LoyaltyError } from '@loyaltykit/engine'
import type { ErrorSurface } from './error-surface'
import { ADMIN_CODE_FOR_CATEGORY, AGENT_CODE_FOR_CATEGORY, statusFor } from './status-for-category'

export type ErrorBody = Record<string, unknown>

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function hasDetails(d: unknown): boolean {
  return Array.isArray(d) ? d.length > 0 : isPlainObject(d) && Object.keys(d).length > 0
}

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
    case 'pregeneration':
      // The spec's `{error, ...extra fields}`; internal errors: `Internal server error` with `details`.
      if (internal) return { error: message, details: `See the server log for request ${requestId}`, requestId }
      return isPlainObject(details) ? { ...details, error: message } : { error: message, details }
    case 'relayer':
      // The spec's `{error, code, details}`; a failed on-chain execution says why (and its hash).
      if (e.code === 'TRANSACTION_FAILED') return { error: e.message, code: e.code, details: detailsOf(e) }
      return { error: message, code: e.code, details: isPlainObject(details) ? details : { fields: details } }
    case 'agent':
    case 'admin': {
      // The spec's `{ error: { message, code, status } }`; `details` (per-field reasons, why a key was
      // refused) when there are any; internal errors carry the request id instead. The admin API's
      // codes add `conflict` (docs/admin-api.md#errors).
      const status = statusFor(surface, e.category)
      const table = surface === 'admin' ? ADMIN_CODE_FOR_CATEGORY : AGENT_CODE_FOR_CATEGORY
      const code = table[e.category] ?? 'internal'
      const extra = internal ? { requestId } : hasDetails(details) ? { details } : {}
      return { error: { message, code, status, ...extra } }
    }
    case 'mcp': {
      // JSON-RPC 2.0: parse error, invalid request, else a server error; `data` as the agent API's.
      const data = (renderError('agent', e, requestId) as { error: Record<string, unknown> }).error
      const code =
        e.code === 'MALFORMED_JSON'
          ? -32700
          : e.category === 'internal'
            ? -32603
            : data.status === 400
              ? -32600
              : -32001
      return { jsonrpc: '2.0', error: { code, message, data }, id: null }
    }
    default:
      return { success: false, error: message, message, code: e.code, details, requestId }
  }
}
