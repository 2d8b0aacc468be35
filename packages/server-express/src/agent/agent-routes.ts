import { AGENT_RATE_LIMITS, AGENT_TOOLS, type AgentToolSettings, type Engine } from '@loyaltykit/engine'
import { type Request, Router } from 'express'
import type { AgentConfig } from '../config/agent-section'
import { DEFAULT_MCP_TOOLSETS } from '../mcp/mcp-toolsets'
import '../http/request-context'

/** The server side of the agent section (the signing key is the CLI's, client side). */
export type AgentRoutesOptions = Omit<AgentConfig, 'signingKey'> & {
  /** The event handler's duplicate window and mint wait, applied to the agent's events too. */
  events?: AgentToolSettings
}

/** What `loyaltykit start` serves without configuration: `/api/v1`, the spec's limits. */
export const AGENT_ROUTE_DEFAULTS: AgentRoutesOptions = {
  basePath: '/api/v1',
  ...AGENT_RATE_LIMITS,
  mcpToolsets: DEFAULT_MCP_TOOLSETS,
}

const header = (req: Request, name: string) => {
  const v = req.headers[name]
  return typeof v === 'string' ? v : undefined
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** What `engine.agent.run` takes from the agent section: the rate limits and the tools' settings (events, LLM); REST and MCP alike. */
export function agentRunOptions(config: AgentRoutesOptions) {
  const settings = { ...config.events, ...(config.llm ? { llm: config.llm } : {}) }
  return {
    publicPerMinute: config.publicPerMinute,
    signedPerMinute: config.signedPerMinute,
    ...(config.events || config.llm ? { events: settings } : {}),
  }
}

/**
 * The agent REST API (docs/agent-api.md), generated from the engine's tool registry: one route per
 * tool at `{basePath}{tool.path}`, all with the same handler: the tool's input is its path
 * parameters over its query (GET) or JSON body (POST, PATCH); `engine.agent.run` authenticates,
 * counts, authorizes, validates and runs it; the answer is the spec's `{ data, meta }` with the
 * caller's `X-RateLimit-*`. Errors render in the `agent` surface (mounted by createApp).
 */
export function agentRoutes(engine: Engine, config: AgentRoutesOptions): Router {
  const router = Router()
  const limits = agentRunOptions(config)
  // Static paths before parameterised ones (`/brands/check` before `/brands/:brandId`), else registry order.
  const params = (path: string) => path.split(':').length
  const tools = [...AGENT_TOOLS].sort((a, b) => params(a.path) - params(b.path))
  for (const tool of tools) {
    const method = tool.method.toLowerCase() as 'get' | 'post' | 'patch'
    router[method](`${config.basePath}${tool.path}`, async (req, res) => {
      const source: unknown = tool.method === 'GET' ? req.query : (req.body ?? {})
      const input = isPlainObject(source) ? { ...source, ...req.params } : source
      const { envelope, rateLimit } = await engine.agent.run(
        {
          tool: tool.name,
          input,
          request: {
            method: req.method,
            pathWithQuery: req.originalUrl,
            rawBody: req.rawBody,
            ip: req.ip ?? 'unknown',
            agentKey: header(req, 'x-loyalty-agent-key'),
            timestamp: header(req, 'x-loyalty-timestamp'),
            signature: header(req, 'x-loyalty-signature'),
          },
        },
        limits,
      )
      res.setHeader('X-RateLimit-Limit', String(rateLimit.limit))
      res.setHeader('X-RateLimit-Remaining', String(rateLimit.remaining))
      res.setHeader('X-RateLimit-Reset', String(rateLimit.reset))
      res.setHeader('Cache-Control', 'no-store')
      res.json(envelope)
    })
  }
  return router
}
