import { z } from 'zod'
import type { AgentTool } from '../agent-tool'
import { defineAgentTool } from '../agent-tool'
import { answerConverse, type ConverseAnswer } from '../converse/answer-converse'
import { CONVERSE_INTENTS } from '../converse/converse-intent'

/**
 * The registry's read-only tools by name, /converse excluded. Imported when first asked: the
 * registry lists this tool, so a static import would be a cycle.
 */
let readOnlyTools: Promise<ReadonlyMap<string, AgentTool>> | undefined
const readOnly = (): Promise<ReadonlyMap<string, AgentTool>> => {
  readOnlyTools ??= import('../agent-tools').then((registry): ReadonlyMap<string, AgentTool> => {
    const all: readonly AgentTool[] = registry.AGENT_TOOLS as unknown as readonly AgentTool[]
    return new Map(all.filter((t) => t.annotations.readOnlyHint && t.group !== 'converse').map((t) => [t.name, t]))
  })
  return readOnlyTools
}

/** #46 POST /converse: a question in plain words answered from the read-only tools. */
export const converseTool = defineAgentTool({
  name: 'loyalty_agent_converse',
  title: 'Ask in plain words',
  description:
    'Answers a question about the loyalty network in plain words (compare brands, a brand’s health, perk ideas, where to buy for the most cashback, a user’s next goal, what is on offer) by running up to 5 of the read-only tools and summarising their figures. Answers the text, the tools used with their inputs and data, the intent found and a confidence. Pro and enterprise keys only.',
  method: 'POST',
  path: '/converse',
  auth: 'signed',
  tier: ['pro', 'enterprise'],
  group: 'converse',
  input: z.object({
    query: z.string().trim().min(1, 'is required').max(2000, 'must be at most 2000 characters'),
  }),
  output: z.object({
    response: z.string(),
    toolsUsed: z.array(z.string()),
    confidence: z.number(),
    intent: z.enum(CONVERSE_INTENTS),
    planner: z.enum(['rules', 'llm']),
    steps: z.array(
      z.object({
        tool: z.string(),
        input: z.record(z.string(), z.unknown()),
        status: z.enum(['ok', 'failed']),
        error: z.object({ code: z.string(), message: z.string() }).optional(),
      }),
    ),
    data: z.record(z.string(), z.unknown()),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input, caller, settings): Promise<ConverseAnswer> {
    return answerConverse(ctx, input.query, await readOnly(), caller, settings)
  },
})
