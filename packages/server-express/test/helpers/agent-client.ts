import { signatureHeaders } from '../../../sdk/src/signing/signature-headers'

export type AgentCredentials = { keyId: string; secret: string }

/** A parsed JSON answer, read loosely by tests (`body.data.brands[0].name`). */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers and assert their shape
type Json = Record<string, any>

/** An agent API answer: status, headers and the parsed JSON body. */
export type AgentAnswer = { status: number; headers: Headers; body: Json }

let clients = 0

/** A client IP never used before in this process (documentation range 198.18.0.0/15). */
function freshIp(): string {
  const n = clients++
  return `198.18.${Math.floor(n / 250) % 256}.${(n % 250) + 1}`
}

/**
 * Calls the agent API of a test server as an agent does: signed with @loyaltykit/sdk's
 * `signatureHeaders` when `as` is given (the SDK is the client side of the scheme), from a fresh
 * client IP per call unless `ip` is given (the server trusts X-Forwarded-For in these suites).
 */
export function agentClient(base: string) {
  return async function call(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    options: {
      as?: AgentCredentials
      body?: unknown
      ip?: string
      headers?: Record<string, string>
      /** Sign at this Unix time instead of now. */
      timestamp?: number
    } = {},
  ): Promise<AgentAnswer> {
    const raw = options.body === undefined ? undefined : JSON.stringify(options.body)
    const signed = options.as
      ? await signatureHeaders(
          { type: 'agent', keyId: options.as.keyId, secret: options.as.secret },
          { method, path, body: raw, ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }) },
        )
      : {}
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(raw === undefined ? {} : { 'content-type': 'application/json' }),
        'x-forwarded-for': options.ip ?? freshIp(),
        ...signed,
        ...options.headers,
      },
      ...(raw === undefined ? {} : { body: raw }),
    })
    return { status: res.status, headers: res.headers, body: (await res.json()) as Json }
  }
}
