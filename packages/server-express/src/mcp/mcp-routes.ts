import { type AgentRequest, type Engine, LoyaltyError } from '@loyaltykit/engine'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { type Request, type Response, Router } from 'express'
import { type AgentRoutesOptions, agentRunOptions } from '../agent/agent-routes'
import '../http/request-context'
import { createMcpServer } from './create-mcp-server'
import { type McpToolSelection, selectMcpTools } from './mcp-toolsets'

/** Where the MCP endpoint is served (Streamable HTTP, docs/mcp.md). */
export const MCP_PATH = '/mcp'

const header = (req: Request, name: string) => {
  const v = req.headers[name]
  return typeof v === 'string' ? v : undefined
}

/** `?toolsets=a,b` (also repeated) → the selection; absent → the server's default; unknown names → 400. */
function selectionOf(req: Request, fallback: McpToolSelection): McpToolSelection {
  const raw = req.query.toolsets
  if (raw === undefined) return fallback
  const names = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : ['']))
  const selection = selectMcpTools(names)
  if (!selection) {
    throw new LoyaltyError('Unknown toolsets', {
      code: 'UNKNOWN_TOOLSET',
      category: 'invalid_request',
      details: { toolsets: names },
    })
  }
  return selection
}

/**
 * `POST /mcp`: the agent tools over MCP Streamable HTTP, stateless (docs/mcp.md). The request is
 * authenticated once with the agent API's signature headers (unsigned: a public caller; a bad
 * signature: 401 like REST), then one MCP server and transport answer its JSON-RPC message as JSON
 * and are dropped. GET (the SSE stream) and DELETE (sessions) are 405: there are no sessions.
 * Errors outside a tool call render as JSON-RPC errors (the `mcp` surface, mounted by createApp).
 */
export function mcpRoutes(engine: Engine, config: AgentRoutesOptions): Router {
  const router = Router()
  const fallback = selectMcpTools(config.mcpToolsets)
  if (!fallback) throw new Error(`Unknown MCP toolsets ${config.mcpToolsets.join(',')}`)
  const limits = agentRunOptions(config)
  router.post(MCP_PATH, async (req, res) => {
    const body: unknown = req.body
    const message = typeof body === 'object' && body !== null && (!Array.isArray(body) || body.length > 0)
    if (!message) {
      throw new LoyaltyError('The body must be a JSON-RPC message (an object) or a non-empty batch', {
        code: 'INVALID_JSON_RPC',
        category: 'invalid_request',
      })
    }
    const selection = selectionOf(req, fallback)
    const request: AgentRequest = {
      method: req.method,
      pathWithQuery: req.originalUrl,
      rawBody: req.rawBody,
      ip: req.ip ?? 'unknown',
      agentKey: header(req, 'x-loyalty-agent-key'),
      timestamp: header(req, 'x-loyalty-timestamp'),
      signature: header(req, 'x-loyalty-signature'),
    }
    const caller = await engine.agent.authenticate(request)
    const server = createMcpServer({
      engine,
      caller,
      request,
      selection,
      limits,
      requestId: req.requestId,
      log: req.log,
    })
    // No sessionIdGenerator: stateless (the SDK's `sessionIdGenerator: undefined`); JSON answers, no SSE.
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true })
    res.on('close', () => {
      void transport.close()
      void server.close()
    })
    res.setHeader('Cache-Control', 'no-store')
    await server.connect(transport)
    await transport.handleRequest(req, res, body)
  })
  // What the SDK's own stateless transport answers (its client then skips the SSE stream).
  const notAllowed = (_req: Request, res: Response) => {
    res.status(405).setHeader('Allow', 'POST')
    res.json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null })
  }
  router.get(MCP_PATH, notAllowed)
  router.delete(MCP_PATH, notAllowed)
  return router
}
