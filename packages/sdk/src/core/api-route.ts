import type { RetryPolicy } from '../retries/retry-policy'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * How a route authenticates:
 * - `none`: nothing added (health, event-config, pregeneration, public agent endpoints).
 * - `brandSignature`: `X-LOYALTY-Brand-Id` + timestamp + HMAC signature (perk charges).
 * - `agentSignature`: `X-LOYALTY-Agent-Key` + timestamp + HMAC signature (authenticated agent endpoints).
 * - `apiKey`: `Authorization: Bearer <apiKey>`, required (constraint invalidation).
 * - `optionalApiKey`: `Authorization: Bearer <apiKey>` when the client has an `apiKey`, else nothing
 *   (manual-event and bulk-events: the brand's servers authenticate, websites do not).
 * - `accessToken`: `Authorization: Bearer <user access token>` (relayer, wallet).
 * - `adminKey`: `Authorization: Bearer <adminKey>`, required (the admin API, `client.admin`).
 */
export type RouteAuth =
  | 'none'
  | 'brandSignature'
  | 'agentSignature'
  | 'apiKey'
  | 'optionalApiKey'
  | 'accessToken'
  | 'adminKey'

export type QueryValue = string | number | boolean | undefined

/** One request as a resource describes it; `sendRequest` does the rest. */
export type ApiRoute = {
  /** Stable name (`events.track`, `health.get`); the client's `retryPolicy` hook receives it. */
  name: string
  method: HttpMethod
  /** Path below the base URL, path parameters already filled in (encode them with `encodeURIComponent`). */
  path: string
  /** Which base URL the path is below: the client's `baseUrl` (default) or its `relayerUrl`. */
  base?: 'api' | 'relayer'
  /** Query parameters; undefined values are left out. */
  query?: Record<string, QueryValue> | undefined
  /** JSON body; serialised once and sent byte-identical on every attempt. */
  body?: unknown
  auth?: RouteAuth
  /** This route's own retry policy (e.g. `paymentMintRetryPolicy`); defaults to the client's. */
  retryPolicy?: RetryPolicy | undefined
}

/** What the client's `retryPolicy` hook sees of a route. */
export type RouteInfo = Pick<ApiRoute, 'name' | 'method' | 'path'>
