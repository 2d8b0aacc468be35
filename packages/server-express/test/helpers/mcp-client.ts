import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { signatureHeaders } from '../../../sdk/src/signing/signature-headers'
import type { AgentCredentials } from './agent-client'

let nonces = 0

/**
 * The MCP SDK's own client over Streamable HTTP to `${base}/mcp`, every POST signed with the
 * agent key `as` by @loyaltykit/sdk's `signatureHeaders` over the exact body (a nonce in the query:
 * a signature is accepted once), from client IP `ip` (the test servers trust X-Forwarded-For).
 */
export async function connectMcp(
  base: string,
  options: { as?: AgentCredentials; toolsets?: string; ip: string },
): Promise<Client> {
  const url = new URL(`${base}/mcp`)
  if (options.toolsets !== undefined) url.searchParams.set('toolsets', options.toolsets)
  const signedFetch = async (input: string | URL, init: RequestInit = {}) => {
    const target = new URL(input)
    target.searchParams.set('nonce', String(++nonces))
    const headers = new Headers(init.headers)
    headers.set('x-forwarded-for', options.ip)
    const method = init.method ?? 'GET'
    if (options.as && method === 'POST') {
      const signed = await signatureHeaders(
        { type: 'agent', keyId: options.as.keyId, secret: options.as.secret },
        { method: 'POST', path: target.pathname + target.search, body: String(init.body ?? '') },
      )
      for (const [k, v] of Object.entries(signed)) headers.set(k, v)
    }
    return fetch(target, { ...init, headers })
  }
  const client = new Client({ name: 'loyaltykit-test', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(url, { fetch: signedFetch }))
  return client
}
