import type { z } from 'zod'
import type { ErrorSurface } from '../http/error-surface'

/**
 * How a caller authenticates (docs/openapi.md): `brandApiKey` (`Authorization: Bearer <brand API key>`),
 * `accessToken` (`Authorization: Bearer <access token>` from dev-login or Privy), `brandHmac` (the
 * perk-charge `X-LOYALTY-BRAND-ID`/`-TIMESTAMP`/`-SIGNATURE` headers), `agentHmac` (the agent API's
 * `X-LOYALTY-AGENT-KEY`/`-TIMESTAMP`/`-SIGNATURE`), `metricsToken` (the scrape token), `adminKey`
 * (`Authorization: Bearer <operator key or brand API key with an admin scope>`, docs/admin-api.md).
 */
export type ApiAuth = 'brandApiKey' | 'accessToken' | 'brandHmac' | 'agentHmac' | 'metricsToken' | 'adminKey'

/**
 * One HTTP operation of the document, as the server mounts it (Express path, `:param` segments). The
 * schemas are the engine's own (`@loyaltykit/engine/schemas`, the agent registry): never written twice.
 */
export type ApiOperation = {
  method: 'get' | 'post' | 'patch' | 'delete'
  path: string
  summary: string
  /** The tag (surface) the docs page groups it under. */
  tag: string
  /** Alternatives; an empty list is "no authentication"; `optional` adds "or none". */
  auth: readonly ApiAuth[]
  authOptional?: boolean
  query?: z.ZodObject
  body?: z.ZodType
  /** The 200 body; absent: `content` (or a bodyless 200). */
  response?: z.ZodType
  /** Statuses besides 200 whose body is the response (a 503 of health and readiness: not ready). */
  alsoAnswers?: readonly number[]
  /** A non-JSON 200 (`/metrics`, `/sdk.js`, `/docs`): its media type. */
  content?: string
  /** The error body's shape (src/http/render-error.ts). */
  errors: ErrorSurface
  description?: string
}
