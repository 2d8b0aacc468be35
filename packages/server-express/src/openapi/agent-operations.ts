import { AGENT_TOOLS } from '@loyaltykit/engine'
import { z } from 'zod'
import type { ApiOperation } from './api-operation'
import { omitKeys } from './omit-keys'

/** The path parameters of an Express path (`/brands/:brandId` → `brandId`). */
export const pathParameters = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string)

/**
 * The agent API (docs/agent-api.md), one operation per tool of the engine's registry: its input (less
 * the path parameters) as the query (GET) or JSON body, its output inside the `{ data, meta }` envelope,
 * its auth (`signed`: the HMAC headers required; `public`: optional) and tier in the description.
 */
export function agentOperations(basePath: string): ApiOperation[] {
  return AGENT_TOOLS.map((tool) => {
    const input = omitKeys(tool.input, pathParameters(tool.path)) as z.ZodObject
    const tier = tool.tier ? ` Tiers: ${tool.tier.join(', ')}.` : ''
    const permission = tool.permission ? ` Permission: ${tool.permission}.` : ''
    return {
      method: tool.method.toLowerCase() as ApiOperation['method'],
      path: `${basePath}${tool.path}`,
      tag: `Agent API: ${tool.group}`,
      summary: tool.title,
      description: `${tool.description}\n\nTool \`${tool.name}\`, ${tool.auth}.${tier}${permission}`,
      auth: ['agentHmac'],
      authOptional: tool.auth === 'public',
      errors: 'agent',
      ...(tool.method === 'GET' ? { query: input } : { body: input }),
      response: z.object({
        data: tool.output,
        meta: z.object({ tool: z.literal(tool.name), timestamp: z.iso.datetime() }),
      }),
    }
  })
}
