import type { ApiOperation } from './api-operation'

/** This document and its docs page (docs/openapi.md), and the MCP endpoint (docs/mcp.md: JSON-RPC, described by MCP's own tools/list). */
export const DOCS_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'get',
    path: '/openapi.json',
    tag: 'Docs',
    summary: 'This OpenAPI 3.1 document',
    auth: [],
    errors: 'event_handler',
    content: 'application/json',
  },
  {
    method: 'get',
    path: '/docs',
    tag: 'Docs',
    summary: 'The API reference page (Scalar, served from this server)',
    auth: [],
    errors: 'event_handler',
    content: 'text/html',
  },
  {
    method: 'get',
    path: '/docs/scalar.js',
    tag: 'Docs',
    summary: "The reference page's script",
    auth: [],
    errors: 'event_handler',
    content: 'application/javascript',
  },
  {
    method: 'post',
    path: '/mcp',
    tag: 'MCP',
    summary: 'MCP (Streamable HTTP, JSON-RPC 2.0) over the agent tools: see docs/mcp.md',
    auth: ['agentHmac'],
    authOptional: true,
    errors: 'mcp',
    content: 'application/json',
  },
  {
    method: 'get',
    path: '/mcp',
    tag: 'MCP',
    summary: 'Not allowed (405): the server is stateless',
    auth: [],
    errors: 'mcp',
  },
  {
    method: 'delete',
    path: '/mcp',
    tag: 'MCP',
    summary: 'Not allowed (405): the server is stateless',
    auth: [],
    errors: 'mcp',
  },
]
