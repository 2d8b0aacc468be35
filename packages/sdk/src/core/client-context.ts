import type { FetchLike, LoyaltyClientOptions } from '../client/client-options'
import { defaultRetryPolicy, type RetryPolicy } from '../retries/retry-policy'
import { sleep } from '../retries/sleep'
import type { RouteInfo } from './api-route'

/** Resolved client settings that every operation runs over (`sendRequest(ctx, route, options)`). */
export type ClientContext = {
  baseUrl: string
  relayerUrl: string
  /** The agent API's path below `baseUrl`, without a trailing slash (`/api/v1`). */
  agentBasePath: string
  timeout: number
  defaultRetryPolicy: RetryPolicy
  headers: Record<string, string>
  fetch: FetchLike
  credentials: Pick<
    LoyaltyClientOptions,
    'brandId' | 'brandSecurityKey' | 'agentKeyId' | 'agentSecret' | 'apiKey' | 'accessToken' | 'adminKey'
  >
  retryPolicy: ((route: RouteInfo) => RetryPolicy | undefined) | undefined
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  now: () => number
}

export function createClientContext(options: LoyaltyClientOptions): ClientContext {
  if (typeof options.baseUrl !== 'string' || !/^https?:\/\//i.test(options.baseUrl)) {
    throw new TypeError('baseUrl must be an http(s) URL, e.g. "http://localhost:3000"')
  }
  if (options.relayerUrl !== undefined && !/^https?:\/\//i.test(options.relayerUrl)) {
    throw new TypeError('relayerUrl must be an http(s) URL, e.g. "http://localhost:3000/relayer"')
  }
  const credentials: ClientContext['credentials'] = {}
  for (const key of [
    'brandId',
    'brandSecurityKey',
    'agentKeyId',
    'agentSecret',
    'apiKey',
    'accessToken',
    'adminKey',
  ] as const) {
    const value = options[key]
    if (value !== undefined) credentials[key] = value
  }
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    relayerUrl: (options.relayerUrl ?? options.baseUrl).replace(/\/+$/, ''),
    agentBasePath: `/${(options.agentBasePath ?? '/api/v1').replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, ''),
    timeout: options.timeout ?? 30_000,
    defaultRetryPolicy: defaultRetryPolicy(options.maxRetries ?? 2),
    headers: { ...options.headers },
    // Resolved at call time and called unbound: browsers throw "Illegal invocation" for a detached `this`.
    fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
    credentials,
    retryPolicy: options.retryPolicy,
    sleep: options.sleep ?? sleep,
    now: options.now ?? Date.now,
  }
}
