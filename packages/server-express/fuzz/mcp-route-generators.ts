import { z } from 'zod'
import type { RouteGenerator } from './route-generators'

/** A JSON-RPC request the fuzzer breaks: `tools/list` (an id-less one is a notification, answered 202). */
const jsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.number().int().optional(),
  method: z.literal('tools/list'),
  params: z.object({}).optional(),
})

/**
 * MCP over Streamable HTTP (docs/mcp.md): bad JSON-RPC bodies, content types and signatures must be
 * refused 4xx as JSON-RPC errors (the `mcp` surface), never 5xx. The signature is optional (public tools).
 */
export const MCP_ROUTE_GENERATORS: Record<string, RouteGenerator> = {
  'POST /mcp': {
    surface: 'mcp',
    input: 'body',
    schema: jsonRpcRequestSchema,
    auth: 'agent-signature-optional',
    base: () => ({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  },
  'GET /mcp': { surface: 'mcp', input: 'none', auth: 'none', base: () => ({}) },
  'DELETE /mcp': { surface: 'mcp', input: 'none', auth: 'none', base: () => ({}) },
}
