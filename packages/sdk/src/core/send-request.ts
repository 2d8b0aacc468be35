import type { RequestOptions } from '../client/client-options'
import { ConnectionError, TimeoutError } from '../errors/connection-error'
import { generateApiError } from '../errors/generate-api-error'
import { LoyaltyApiError } from '../errors/loyalty-api-error'
import { retryHintMs } from '../retries/retry-hint'
import { isRetryableOutcome } from '../retries/retry-policy'
import type { ApiRoute } from './api-route'
import { type AttemptResult, attemptFetch } from './attempt-fetch'
import type { ClientContext } from './client-context'
import { requestHeaders } from './request-headers'

/** Methods that get no `Idempotency-Key` (safe by definition). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function buildUrl(ctx: ClientContext, route: ApiRoute): string {
  const baseUrl = route.base === 'relayer' ? ctx.relayerUrl : ctx.baseUrl
  const path = route.path.startsWith('/') ? route.path : `/${route.path}`
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(route.query ?? {})) {
    if (value !== undefined) query.append(name, String(value))
  }
  const search = query.toString()
  return `${baseUrl}${path}${search ? `?${search}` : ''}`
}

/**
 * An agent-signed attempt's URL: a fresh `nonce` in the query. The agent API accepts each signature
 * once and ignores unknown query keys, so two identical calls (or a retry) in the same second would
 * otherwise carry the same signature and the second be refused as replayed.
 */
function withNonce(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}nonce=${globalThis.crypto.randomUUID()}`
}

function toError(result: AttemptResult, timeout: number, now: number): LoyaltyApiError {
  if (result.kind === 'timeout') return new TimeoutError(timeout)
  if (result.kind === 'network') {
    const reason = result.error instanceof Error ? `: ${result.error.message}` : ''
    return new ConnectionError(`Connection error${reason}`, { cause: result.error })
  }
  return generateApiError({ status: result.status, headers: result.headers, rawBody: result.rawBody, now })
}

function parseSuccess<T>(result: Extract<AttemptResult, { kind: 'response' }>): T {
  if (result.rawBody.trim() === '') return undefined as T
  try {
    return JSON.parse(result.rawBody) as T
  } catch (cause) {
    throw new LoyaltyApiError(`Response with status ${result.status} is not JSON`, {
      status: result.status,
      code: 'INVALID_RESPONSE',
      requestId: result.headers['x-request-id'],
      headers: result.headers,
      body: result.rawBody,
      rawBody: result.rawBody,
      cause,
    })
  }
}

/**
 * Sends one API call: serialises the body once, adds an `Idempotency-Key` to unsafe methods (the same
 * key on every attempt), signs each attempt afresh, and retries what the route's retry policy allows,
 * waiting what the server asks (`Retry-After`, `X-RateLimit-Reset`) or the policy's backoff otherwise.
 * Resolves with the parsed JSON body; rejects with a `LoyaltyApiError` subclass, or the signal's reason
 * when the caller aborts.
 *
 * Policy precedence: `options.retryPolicy`, then the client's `retryPolicy(route)` hook, then
 * `route.retryPolicy`, then the client default; `options.maxRetries` overrides the chosen policy's count.
 */
export async function sendRequest<T>(ctx: ClientContext, route: ApiRoute, options: RequestOptions = {}): Promise<T> {
  const url = buildUrl(ctx, route)
  const body = route.body === undefined ? undefined : JSON.stringify(route.body)
  const idempotencyKey = SAFE_METHODS.has(route.method)
    ? undefined
    : (options.idempotencyKey ?? globalThis.crypto.randomUUID())
  const policy =
    options.retryPolicy ??
    ctx.retryPolicy?.({ name: route.name, method: route.method, path: route.path }) ??
    route.retryPolicy ??
    ctx.defaultRetryPolicy
  const maxRetries = options.maxRetries ?? policy.maxRetries
  const shouldRetry = policy.shouldRetry ?? isRetryableOutcome
  const maxRetryAfter = policy.maxRetryAfter ?? 60_000
  const timeout = options.timeout ?? ctx.timeout

  for (let retry = 0; ; retry++) {
    options.signal?.throwIfAborted()
    const attemptUrl = route.auth === 'agentSignature' ? withNonce(url) : url
    const headers = await requestHeaders(ctx, { route, options, url: attemptUrl, body, idempotencyKey })
    const init = body === undefined ? { method: route.method, headers } : { method: route.method, headers, body }
    const result = await attemptFetch({ fetch: ctx.fetch, url: attemptUrl, init, timeout, signal: options.signal })
    if (result.kind === 'response' && result.status >= 200 && result.status < 300) return parseSuccess<T>(result)

    const error = toError(result, timeout, ctx.now())
    if (retry >= maxRetries || !shouldRetry(result)) throw error
    let wait = policy.delay(retry + 1)
    if (result.kind === 'response') {
      const hint = retryHintMs(result.headers, ctx.now())
      if (hint !== undefined && hint > maxRetryAfter) throw error
      if (hint !== undefined) wait = hint
    }
    await ctx.sleep(wait, options.signal)
  }
}
