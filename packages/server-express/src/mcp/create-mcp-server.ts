import {
  type AgentCaller,
  type AgentRequest,
  type AgentTool,
  type Engine,
  type Logger,
  LoyaltyError,
} from '@loyaltykit/engine'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { agentRunOptions } from '../agent/agent-routes'
import { renderError } from '../http/render-error'
import { toLoyaltyError } from '../http/to-loyalty-error'
import { SERVER_VERSION } from '../server-version'
import { mcpToolDefinition } from './mcp-tool-definition'
import type { McpToolSelection } from './mcp-toolsets'

export type CreateMcpServerParameters = {
  engine: Engine
  /** Who signed the HTTP request (engine.agent.authenticate), judged once for all its messages. */
  caller: AgentCaller
  /** The HTTP request, passed on to engine.agent.run (its signature is not checked again). */
  request: AgentRequest
  selection: McpToolSelection
  /** The rate limits and tool settings (agentRunOptions), as REST passes them. */
  limits: ReturnType<typeof agentRunOptions>
  requestId: string
  log: Logger
}

/** Whether `caller` may call `tool` at all: public tools for everyone; others need a key with the permission and tier. */
function callable(tool: AgentTool, caller: AgentCaller): boolean {
  if (caller.kind !== 'agent') return tool.auth === 'public' && !tool.permission && !tool.tier
  const { key } = caller
  return (!tool.permission || key[tool.permission]) && (!tool.tier || tool.tier.includes(key.tier))
}

/**
 * One MCP server for one HTTP request (stateless, docs/mcp.md), with the SDK's low-level `Server`:
 * `tools/list` answers the selected tools `caller` may call; `tools/call` runs the tool exactly as
 * its REST route does (engine.agent.run: rate limit, authorization, input, output schema) and answers
 * `structuredContent` = the REST `data` plus its JSON text, or `isError` with the REST error body as
 * text. (`McpServer.registerTool` would validate inputs with its own messages, not REST's.)
 */
export function createMcpServer(p: CreateMcpServerParameters): Server {
  const server = new Server(
    { name: 'loyaltykit', title: 'loyaltykit agent tools', version: SERVER_VERSION },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        'Loyalty rewards network tools: discover brands and perks, read analytics, and (with an agent key) act for users.',
    },
  )
  const selected = new Map(p.selection.tools.map((t) => [t.name, t]))
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: p.selection.tools.filter((t) => callable(t, p.caller)).map(mcpToolDefinition),
  }))
  server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
    const { name } = req.params
    try {
      if (!selected.has(name)) {
        throw new LoyaltyError(`No tool ${name} in the toolsets ${p.selection.names.join(',')}`, {
          code: 'UNKNOWN_TOOL',
          category: 'not_found',
          details: { toolsets: p.selection.names },
        })
      }
      const { envelope } = await p.engine.agent.run(
        { tool: name, input: req.params.arguments ?? {}, request: p.request },
        { ...p.limits, caller: p.caller },
      )
      const text = JSON.stringify(envelope.data)
      return { content: [{ type: 'text', text }], structuredContent: JSON.parse(text) }
    } catch (err) {
      const e = toLoyaltyError(err, 0)
      if (e.category === 'internal') p.log.error({ err, code: e.code, tool: name }, 'mcp tool error')
      else p.log.info({ code: e.code, tool: name, error: e.message }, 'mcp tool refused')
      return { content: [{ type: 'text', text: JSON.stringify(renderError('agent', e, p.requestId)) }], isError: true }
    }
  })
  return server
}
