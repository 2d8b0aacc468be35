import type { ErrorCategory } from '@loyaltykit/engine'
import type { ErrorSurface } from './error-surface'

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

/** The agent API's error codes (spec 02, "Errors / Agent REST API"): six codes, each with its one status. */
export type AgentErrorCode = 'auth_required' | 'forbidden' | 'validation' | 'not_found' | 'rate_limit' | 'internal'

const AGENT_STATUS: Readonly<Record<AgentErrorCode, number>> = {
  auth_required: 401,
  forbidden: 403,
  validation: 400,
  not_found: 404,
  rate_limit: 429,
  internal: 500,
}

/**
 * The agent API's table: category → code. Conflicts (exists, sold out, not enough points) and
 * oversized bodies are `validation` 400 (docs/agent-api.md: no 409 on this surface); upstream and
 * unavailable parts are `internal` 500.
 */
export const AGENT_CODE_FOR_CATEGORY: Readonly<Record<ErrorCategory, AgentErrorCode>> = {
  invalid_request: 'validation',
  authentication: 'auth_required',
  permission: 'forbidden',
  not_found: 'not_found',
  conflict: 'validation',
  rate_limit: 'rate_limit',
  payload_too_large: 'validation',
  upstream: 'internal',
  unavailable: 'internal',
  internal: 'internal',
}

/** The status of an error of `category` on `surface`: the agent API's own table (agent, mcp), else STATUS_FOR_CATEGORY. */
export function statusFor(surface: ErrorSurface, category: ErrorCategory): number {
  if (surface === 'agent' || surface === 'mcp') return AGENT_STATUS[AGENT_CODE_FOR_CATEGORY[category] ?? 'internal']
  return STATUS_FOR_CATEGORY[category] ?? 500
}

/** The admin API's codes (docs/admin-api.md#errors): the agent API's six and `conflict`. */
type AdminErrorCode = AgentErrorCode | 'conflict'

/**
 * The admin API's table: the agent API's codes, but a conflict is `conflict` (409: it is not bad
 * input) and every status is STATUS_FOR_CATEGORY's (the body's `status` is the one sent).
 */
export const ADMIN_CODE_FOR_CATEGORY: Readonly<Record<ErrorCategory, AdminErrorCode>> = {
  ...AGENT_CODE_FOR_CATEGORY,
  conflict: 'conflict',
}
