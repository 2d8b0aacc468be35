import { z } from 'zod'
import type { EngineContext } from '../context'
import { RequestSignatureError } from '../errors/request-signature-error'
import type { CanonicalRequestParts } from '../signing/canonical-request'
import { verifyRequestSignature } from '../signing/verify-request-signature'
import { toAgentKeyView } from './agent-key-view'
import type { AgentCaller } from './agent-tool'

/** An agent API request as received: the canonical parts, the client IP and the three headers (absent: undefined). */
export type AgentRequest = Omit<CanonicalRequestParts, 'timestamp'> & {
  ip: string
  /** `X-LOYALTY-Agent-Key`. */
  agentKey: string | undefined
  /** `X-LOYALTY-Timestamp` (Unix seconds). */
  timestamp: string | undefined
  /** `X-LOYALTY-Signature` (lowercase hex HMAC-SHA256 of the canonical string). */
  signature: string | undefined
}

/** What `engine.agent.authenticate` parses: the request as received (AgentRequest). */
export const authenticateAgentParametersSchema = z.custom<AgentRequest>((v) => typeof v === 'object' && v !== null)

const REQUIRED = ['X-LOYALTY-Agent-Key', 'X-LOYALTY-Timestamp', 'X-LOYALTY-Signature']

/**
 * Who sent the request (DESIGN.md "Agent API signing"): no signature header at all → a public
 * caller; otherwise the key must exist, be active, and the signature verify (skew ≤ 300 s, constant
 * time, never seen before: the signature-replay store under `agent:<keyId>`), else 401
 * RequestSignatureError. A verified request marks the key used (to the minute).
 */
export async function authenticateAgent(ctx: EngineContext, request: AgentRequest): Promise<AgentCaller> {
  if (request.agentKey === undefined && request.timestamp === undefined && request.signature === undefined) {
    return { kind: 'public', ip: request.ip }
  }
  const keyId = request.agentKey?.trim() ?? ''
  if (!keyId) throw new RequestSignatureError('Missing request signature', 'MISSING_SIGNATURE', { required: REQUIRED })
  const record = /^lak_[0-9a-f]{24}$/.test(keyId) ? await ctx.storage.agentKeys.get(keyId) : undefined
  const active = record && record.revokedAt === null ? record : undefined
  await verifyRequestSignature(
    ctx,
    {
      timestamp: request.timestamp,
      signature: request.signature,
      method: request.method,
      pathWithQuery: request.pathWithQuery,
      rawBody: request.rawBody,
      scope: `agent:${keyId}`,
      secret: active ? ctx.keyVault.decrypt(active.secretCiphertext) : undefined,
    },
    { unknownSigner: 'UNKNOWN_AGENT_KEY' },
  )
  const key = toAgentKeyView(active as NonNullable<typeof active>)
  await ctx.storage.agentKeys.touch(key.id, ctx.clock.now())
  return { kind: 'agent', ip: request.ip, key }
}
