import { createHmac } from 'node:crypto'
import { canonicalRequest } from '@loyaltykit/engine'

/** An agent key as the client side holds it: its id (`lak_…`) and secret (`lks_…`). */
export type AgentSigningKey = { keyId: string; secret: string }

/**
 * The three `X-LOYALTY-*` headers of one agent API request (docs/agent-api.md#signing): HMAC-SHA256
 * with the key's secret over `timestamp\nMETHOD\npath+query\nhex(sha256(body))`, at `nowMs`.
 */
export function agentSignatureHeaders(
  key: AgentSigningKey,
  request: { method: string; pathWithQuery: string; body: string },
  nowMs = Date.now(),
): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000))
  const canonical = canonicalRequest({
    timestamp,
    method: request.method,
    pathWithQuery: request.pathWithQuery,
    rawBody: request.body,
  })
  return {
    'X-LOYALTY-Agent-Key': key.keyId,
    'X-LOYALTY-Timestamp': timestamp,
    'X-LOYALTY-Signature': createHmac('sha256', key.secret).update(canonical).digest('hex'),
  }
}
