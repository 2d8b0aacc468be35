import type { AgentTool } from '@loyaltykit/engine'
import { z } from 'zod'

/** One entry of `tools/list` (MCP 2025-06-18 `Tool`). */
export type McpToolDefinition = {
  name: string
  title: string
  description: string
  inputSchema: { type: 'object'; [key: string]: unknown }
  outputSchema: { type: 'object'; [key: string]: unknown }
  annotations: AgentTool['annotations'] & { title: string }
}

const cache = new WeakMap<AgentTool, McpToolDefinition>()

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  // draft-07: what the SDK's own conversion and its client's validator (Ajv) use.
  z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'any' }) as McpToolDefinition['inputSchema']

/**
 * The MCP tool made from a registry entry (docs/mcp.md): its name, title and description; the
 * input schema as clients send it (`io: 'input'`: defaults optional) and the output schema of the
 * REST `data` (`io: 'output'`), both JSON Schema draft-07 from the tool's zod schemas; its
 * annotations with `title`. Made once per tool.
 */
export function mcpToolDefinition(tool: AgentTool): McpToolDefinition {
  const known = cache.get(tool)
  if (known) return known
  const definition: McpToolDefinition = {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.input, 'input'),
    outputSchema: jsonSchema(tool.output, 'output'),
    annotations: { title: tool.title, ...tool.annotations },
  }
  cache.set(tool, definition)
  return definition
}
