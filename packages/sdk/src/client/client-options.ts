import type { RouteInfo } from '../core/api-route'
import type { RetryPolicy } from '../retries/retry-policy'

/** The part of `fetch` the client uses; any WHATWG-compatible fetch fits (undici, node-fetch 3, a test double). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

export type LoyaltyClientOptions = {
  /** Base address of the loyaltykit server, e.g. `http://localhost:3000`; routes add `/loyalty-api/...`. */
  baseUrl: string
  /**
   * Base address of the relayer (`/relay` and the perk-charge endpoints); default `baseUrl`. Include the
   * server's `LOYALTYKIT_RELAYER_BASE_PATH` when it sets one, e.g. `https://loyalty.example.com/relayer`.
   */
  relayerUrl?: string
  /** Per-attempt timeout in ms (connect, headers and body). Default 30 000. */
  timeout?: number
  /** Retries after the first attempt for routes without their own policy. Default 2. */
  maxRetries?: number
  /** Headers sent with every request. */
  headers?: Record<string, string>
  /** Defaults to the global `fetch` (Node ≥ 22, Bun, Deno, edge runtimes, browsers). */
  fetch?: FetchLike
  /** Brand id (lowercase 0x address) for signed brand requests (`X-LOYALTY-Brand-Id`). */
  brandId?: string
  /** Brand security key: HMAC key of brand-signed requests (perk charges). Server-side only. */
  brandSecurityKey?: string
  /** Agent key id (`X-LOYALTY-Agent-Key`) for authenticated agent API calls. */
  agentKeyId?: string
  /** Agent secret: HMAC key of agent-signed requests. Server-side only. */
  agentSecret?: string
  /** Path of the agent API below `baseUrl` (the server's `LOYALTYKIT_AGENT_BASE_PATH`). Default `/api/v1`. */
  agentBasePath?: string
  /**
   * The brand's API key (`Authorization: Bearer`): required by constraint invalidation, and sent with
   * manual-event and bulk-events when set (the server then trusts the call as the brand's own). Server-side only.
   */
  apiKey?: string
  /**
   * An admin key (`Authorization: Bearer`) for `client.admin`: an operator key (every brand) or a brand
   * API key with the scope `admin:read` or `admin:write` (its brand only). Server-side only.
   */
  adminKey?: string
  /** A user's access token (`Authorization: Bearer`) for the relayer and wallet endpoints; per call: `accessToken`. */
  accessToken?: string
  /** Per-route override hook: return a policy for a route to replace its default, or undefined to keep it. */
  retryPolicy?: (route: RouteInfo) => RetryPolicy | undefined
  /** Advanced/testing: how the client waits between retries. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  /** Advanced/testing: current time in epoch ms (signature timestamps, `Retry-After` dates). */
  now?: () => number
}

/** Per-call options; each overrides the client's setting for this call only. */
export type RequestOptions = {
  /** Per-attempt timeout in ms. */
  timeout?: number
  /** Retries after the first attempt (overrides the route's policy count too). */
  maxRetries?: number
  /** `Idempotency-Key` of a POST; generated with `crypto.randomUUID()` when absent. Reused across retries. */
  idempotencyKey?: string
  /** Extra headers for this call; they override the client's headers. */
  headers?: Record<string, string>
  /** Cancels the call, including a pending retry wait. The signal's reason is thrown; no retry follows. */
  signal?: AbortSignal
  /** Retry policy for this call only. */
  retryPolicy?: RetryPolicy
  /** The user's access token for this call (relayer, wallet); overrides the client's `accessToken`. */
  accessToken?: string
}
