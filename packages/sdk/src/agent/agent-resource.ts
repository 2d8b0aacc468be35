import type { RequestOptions } from '../client/client-options'
import type { ApiRoute, QueryValue } from '../core/api-route'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { RetryPolicy } from '../retries/retry-policy'
import { exponentialBackoff } from '../retries/retry-policy'
import { AGENT_TOOL_ROUTES, type AgentToolTypes } from './generated/agent-tools'

/** The name of an agent tool (`loyalty_agent_brand_info`), as the server's registry lists it. */
export type AgentToolName = keyof AgentToolTypes
/** What a tool takes: its path parameters and its query (GET) or JSON body fields. */
export type AgentToolInput<N extends AgentToolName> = AgentToolTypes[N]['input']
/** The `data` of a tool's answer (the `{ data, meta }` envelope unwrapped). */
export type AgentToolOutput<N extends AgentToolName> = AgentToolTypes[N]['output']

export type AgentCallOptions = RequestOptions & {
  /**
   * Sign a public tool's call too (it is then counted against the key's rate limit instead of the
   * IP's, and verified: a bad signature is a 401). Signed tools are always signed.
   */
  sign?: boolean
}

type CamelCase<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S

/** `loyalty_agent_brand_info` → `brandInfo`. */
export type AgentMethodName<N extends AgentToolName> = N extends `loyalty_agent_${infer S}` ? CamelCase<S> : never

/** An object type without properties (`{}`). */
type NoFields = Record<never, never>

/** The input may be left out when every field of it is optional. */
type CallArgs<N extends AgentToolName> =
  NoFields extends AgentToolInput<N>
    ? [input?: AgentToolInput<N>, options?: AgentCallOptions]
    : [input: AgentToolInput<N>, options?: AgentCallOptions]

/**
 * `client.agent`: every tool of the server's agent API (docs/agent-api.md), generated from the
 * engine's registry. `call(name, input)` takes any tool by name; each tool is also a method named
 * after it (`brandInfo({ brandId })`). Both answer the `data` of the envelope, typed from the tool's
 * output schema, and throw the SDK's error classes (401 `AuthenticationError`, 403 `PermissionError`,
 * 429 `RateLimitError` …). Signed tools need `agentKeyId` and `agentSecret` in `createLoyaltyClient`.
 */
export type AgentResource = {
  call<N extends AgentToolName>(name: N, ...args: CallArgs<N>): Promise<AgentToolOutput<N>>
} & { [N in AgentToolName as AgentMethodName<N>]: (...args: CallArgs<N>) => Promise<AgentToolOutput<N>> }

/**
 * Writes (POST, PATCH) are retried only after a 429 of the rate limiter, which refused them before
 * doing anything: the agent API takes no `Idempotency-Key`, so a write retried after a network error
 * or a 5xx could run twice.
 */
const agentWriteRetryPolicy: RetryPolicy = {
  maxRetries: 2,
  delay: exponentialBackoff(),
  shouldRetry: (outcome) => outcome.kind === 'response' && outcome.status === 429,
}

const queryValue = (v: unknown): QueryValue =>
  v === undefined || v === null
    ? undefined
    : Array.isArray(v)
      ? v.join(',')
      : typeof v === 'object'
        ? JSON.stringify(v)
        : (v as QueryValue)

/** The request of one tool call: path parameters filled in, the rest in the query (GET) or the body. */
function toolRoute(ctx: ClientContext, name: AgentToolName, input: object, sign: boolean): ApiRoute {
  const tool = AGENT_TOOL_ROUTES[name]
  if (!tool) throw new TypeError(`Unknown agent tool ${String(name)}`)
  const rest: Record<string, unknown> = { ...input }
  const path = tool.path.replace(/:([A-Za-z0-9_]+)/g, (_, param: string) => {
    const value = rest[param]
    if (value === undefined || value === null || value === '') throw new TypeError(`${name} needs ${param}`)
    delete rest[param]
    return encodeURIComponent(String(value))
  })
  const read = tool.method === 'GET'
  return {
    name: `agent.${name}`,
    method: tool.method,
    path: `${ctx.agentBasePath}${path}`,
    ...(read
      ? { query: Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, queryValue(v)])) }
      : { body: rest, retryPolicy: agentWriteRetryPolicy }),
    auth: tool.auth === 'signed' || sign ? 'agentSignature' : 'none',
  }
}

const methodName = (tool: string) =>
  tool.replace(/^loyalty_agent_/, '').replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

export function agentResource(ctx: ClientContext): AgentResource {
  const call = async (name: AgentToolName, input: object = {}, options: AgentCallOptions = {}) => {
    const { sign = false, ...requestOptions } = options
    const envelope = await sendRequest<{ data: unknown }>(ctx, toolRoute(ctx, name, input, sign), requestOptions)
    return envelope.data
  }
  const methods = Object.fromEntries(
    Object.keys(AGENT_TOOL_ROUTES).map((name) => [
      methodName(name),
      (input?: object, options?: AgentCallOptions) => call(name as AgentToolName, input, options),
    ]),
  )
  return { ...methods, call } as unknown as AgentResource
}
