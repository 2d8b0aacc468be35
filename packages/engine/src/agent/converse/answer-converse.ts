import type { EngineContext } from '../../context'
import type { AgentCaller, AgentTool, AgentToolSettings } from '../agent-tool'
import { extractConverseEntities } from './converse-entities'
import { type ConverseIntent, converseIntent } from './converse-intent'
import { converseResponse } from './converse-response'
import type { ConverseStep } from './converse-step'
import { llmConverse } from './llm-converse'
import { planConverse } from './plan-converse'
import { runConverseSteps } from './run-converse-steps'

/** The /converse answer (docs/agent-api.md#converse). */
export type ConverseAnswer = {
  response: string
  /** Full names of the tools that answered, in the order first used. */
  toolsUsed: string[]
  confidence: number
  intent: ConverseIntent
  planner: 'rules' | 'llm'
  steps: Array<Omit<ConverseStep, 'data'>>
  /** Each tool's `data` by tool name; a list (in step order) when the tool ran more than once. */
  data: Record<string, unknown>
}

function assemble(
  intent: ConverseIntent,
  planner: 'rules' | 'llm',
  response: string,
  steps: ConverseStep[],
  confidence: number,
): ConverseAnswer {
  const ok = steps.filter((s) => s.status === 'ok')
  const toolsUsed = [...new Set(ok.map((s) => s.tool))]
  const data: Record<string, unknown> = {}
  for (const tool of toolsUsed) {
    const results = ok.filter((s) => s.tool === tool).map((s) => s.data)
    data[tool] = results.length === 1 ? results[0] : results
  }
  return {
    response,
    toolsUsed,
    confidence,
    intent,
    planner,
    steps: steps.map(({ data: _data, ...step }) => step),
    data,
  }
}

/**
 * Plan → execute → synthesize (agent-api.md (d)) over `tools`, the registry's read-only tools by
 * name. With `settings.llm`, the LLM plans and answers; any error or timeout there falls back to
 * the rule planner (logged without the key). Rule confidence: 0 when every step failed, 0.3 for
 * discovery, 0.6 when a default stood in for a missing parameter, else 0.9; the LLM's: 0.8, 0.6
 * when a step failed.
 */
export async function answerConverse(
  ctx: EngineContext,
  query: string,
  tools: ReadonlyMap<string, AgentTool>,
  caller: AgentCaller,
  settings: AgentToolSettings,
): Promise<ConverseAnswer> {
  const brands = await ctx.storage.brands.list()
  const entities = extractConverseEntities(query, brands)
  const intent = converseIntent(query, entities)
  if (settings.llm) {
    try {
      const { response, steps } = await llmConverse(ctx, query, settings.llm, tools, caller, settings)
      return assemble(intent, 'llm', response, steps, steps.some((s) => s.status === 'failed') ? 0.6 : 0.8)
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e)
      ctx.logger.warn(
        { baseUrl: settings.llm.baseUrl, model: settings.llm.model, reason },
        'converse: LLM failed, rule planner used',
      )
    }
  }
  const plan = planConverse(query, intent, entities, brands, new Set(tools.keys()))
  const steps = await runConverseSteps(ctx, plan.steps, tools, caller, settings)
  const confidence = steps.every((s) => s.status === 'failed')
    ? 0
    : intent === 'discovery'
      ? 0.3
      : plan.defaultsUsed
        ? 0.6
        : 0.9
  return assemble(intent, 'rules', converseResponse(intent, entities, steps), steps, confidence)
}
