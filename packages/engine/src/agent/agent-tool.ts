import type { z } from 'zod'
import type { EngineContext } from '../context'
import type { RateLimitInfo } from '../errors/rate-limited-error'
import type { AgentTier } from '../ports/agent-key-store'
import type { AgentKeyView } from './agent-key-view'
import type { ConverseLlmSettings } from './converse/llm-converse'

/**
 * Who calls a tool: anyone (public, counted per IP) or a verified agent key (counted per key; with
 * its rate-limit window after this request, as `runAgentTool` counted it).
 */
export type AgentCaller =
  | { kind: 'public'; ip: string }
  | { kind: 'agent'; ip: string; key: AgentKeyView; rateLimit?: RateLimitInfo }

/** The MCP groups of ../shared/agent-api.md (c); `converse` is /converse alone. */
export type AgentToolGroup = 'discover' | 'analytics' | 'commerce' | 'actions' | 'program' | 'growth' | 'converse'

/** MCP tool annotations (hints for clients; `title` is the tool's own). */
export type AgentToolAnnotations = {
  readOnlyHint: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint: boolean
}

/**
 * One agent tool (docs/agent-api.md): the REST route, the MCP tool and the /converse step are all
 * made from this record. `input` parses the route's path parameters merged with its query (GET) or
 * JSON body (POST, PATCH); unknown keys are dropped, out-of-range values refused (400). `handler`
 * answers `data`, checked against `output`; it calls the engine's operations and stores (no SQL).
 */
export type AgentTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> = {
  /** `loyalty_agent_<suffix>`; `meta.tool` of every answer. */
  name: string
  title: string
  description: string
  method: 'GET' | 'POST' | 'PATCH'
  /** Relative to the API's base path (`/api/v1`), with `:param` segments, exactly as the spec lists it. */
  path: string
  /** `public`: signature optional (verified when sent); `signed`: `X-LOYALTY-*` signature required. */
  auth: 'public' | 'signed'
  permission?: 'canOnboard' | 'canManageProgram'
  /** Tiers allowed (absent: every tier). */
  tier?: readonly AgentTier[]
  /** The brands a write acts for, checked against the key's brand scope (writes only). */
  brandsOf?: (input: z.output<I>) => string[]
  group: AgentToolGroup
  input: I
  output: O
  annotations: AgentToolAnnotations
  handler(ctx: EngineContext, input: z.output<I>, caller: AgentCaller, settings: AgentToolSettings): Promise<z.input<O>>
}

/**
 * The server's settings tools need: how it judges events (its event-handler settings), for the
 * tools that record them (#13, #14), and the optional LLM of /converse (#46).
 */
export type AgentToolSettings = {
  /** Same event type + user inside this window is a duplicate; default 60 s. */
  duplicateWindowMs?: number
  /** Bounded wait for a mint's transaction hash before answering `pending`; default 10 s. */
  mintWaitMs?: number
  /** /converse plans with this chat-completions endpoint when set, else with its rule planner. */
  llm?: ConverseLlmSettings
}

/** Identity function that lets TypeScript infer a tool's input and output types. */
export function defineAgentTool<I extends z.ZodObject, O extends z.ZodType>(tool: AgentTool<I, O>): AgentTool<I, O> {
  return tool
}
