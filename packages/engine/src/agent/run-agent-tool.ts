import { z } from 'zod'
import type { EngineContext } from '../context'
import { LoyaltyError } from '../errors/loyalty-error'
import type { RateLimitInfo } from '../errors/rate-limited-error'
import { RequestSignatureError } from '../errors/request-signature-error'
import { parseInput } from '../errors/zod-issues'
import { enforceRateLimit } from '../rate-limits/enforce-rate-limit'
import { AGENT_RATE_LIMITS, type AgentRateLimits } from './agent-rate-limits'
import type { AgentCaller, AgentTool, AgentToolSettings } from './agent-tool'
import { AGENT_TOOLS } from './agent-tools'
import { type AgentRequest, authenticateAgent } from './authenticate-agent'
import { executeAgentTool } from './execute-agent-tool'

export const runAgentToolParametersSchema = z.object({
  /** The tool's name (`loyalty_agent_…`). */
  tool: z.string(),
  /** Path parameters merged over the query (GET) or the JSON body (POST, PATCH), as received; the tool's schema parses it. */
  input: z.unknown(),
  /** The request as received: its canonical parts, client IP and signature headers. */
  request: z.custom<AgentRequest>((v) => typeof v === 'object' && v !== null),
})

export type RunAgentToolParameters = z.input<typeof runAgentToolParametersSchema>

export type RunAgentToolOptions = Partial<AgentRateLimits> & {
  /** The server's event settings, for the tools that record events. */
  events?: AgentToolSettings
  /** Already authenticated (MCP: one signature per HTTP request, many tool calls): skips the signature check. */
  caller?: AgentCaller
}

/** The spec's success envelope. */
export type AgentEnvelope<T = unknown> = { data: T; meta: { tool: string; timestamp: string } }

export type RunAgentToolReturnType = {
  envelope: AgentEnvelope
  /** The caller's window after this request (`X-RateLimit-*`). */
  rateLimit: RateLimitInfo
}

const toolsByName = new Map<string, AgentTool>(AGENT_TOOLS.map((t) => [t.name, t as unknown as AgentTool]))

/**
 * One agent API call (docs/agent-api.md), the same for REST, MCP and /converse: authenticate
 * (signature optional on public tools, verified when sent; required on signed ones → 401), count the
 * request (per key when signed, else per IP; shared storage, 429 with the window), authorize
 * (permission, tier, brand scope → 403), parse the input (400 with per-field details), run the
 * handler and check its answer against the tool's output schema (executeAgentTool). Answers the
 * spec's envelope.
 */
export async function runAgentTool(
  ctx: EngineContext,
  params: RunAgentToolParameters,
  options: RunAgentToolOptions = {},
): Promise<RunAgentToolReturnType> {
  const p = parseInput(runAgentToolParametersSchema, params)
  const tool = toolsByName.get(p.tool)
  if (!tool) throw new LoyaltyError(`Unknown agent tool ${p.tool}`, { code: 'UNKNOWN_TOOL', category: 'not_found' })
  const limits = {
    publicPerMinute: options.publicPerMinute ?? AGENT_RATE_LIMITS.publicPerMinute,
    signedPerMinute: options.signedPerMinute ?? AGENT_RATE_LIMITS.signedPerMinute,
  }
  const caller = options.caller ?? (await authenticateAgent(ctx, p.request))
  if (tool.auth === 'signed' && caller.kind !== 'agent') {
    throw new RequestSignatureError('This tool needs a signed request', 'MISSING_SIGNATURE', {
      required: ['X-LOYALTY-Agent-Key', 'X-LOYALTY-Timestamp', 'X-LOYALTY-Signature'],
    })
  }
  const limit =
    caller.kind === 'agent' ? (caller.key.rateLimitPerMinute ?? limits.signedPerMinute) : limits.publicPerMinute
  const rateLimit = await enforceRateLimit(ctx, {
    key: caller.kind === 'agent' ? `agent:key:${caller.key.id}` : `agent:ip:${caller.ip}`,
    limit,
    windowMs: 60_000,
    refusal: (info) => ({
      message: `Rate limit exceeded: ${limit} requests per minute ${caller.kind === 'agent' ? 'per agent key' : 'per IP'}`,
      details: { limit, retryAfter: info.retryAfter },
    }),
  })
  const data = await executeAgentTool(
    ctx,
    tool,
    p.input,
    caller.kind === 'agent' ? { ...caller, rateLimit } : caller,
    options.events ?? {},
  )
  return {
    envelope: { data, meta: { tool: tool.name, timestamp: new Date(ctx.clock.now()).toISOString() } },
    rateLimit,
  }
}
