import type { EngineContext } from '../../context'
import { isLoyaltyError } from '../../errors/loyalty-error'
import type { AgentCaller, AgentTool, AgentToolSettings } from '../agent-tool'
import { executeAgentTool } from '../execute-agent-tool'
import type { ConverseStep } from './converse-step'
import type { ConverseStepPlan } from './plan-converse'

/**
 * Runs planned steps one after the other through executeAgentTool (the path of the REST route:
 * tier and permission under the caller's key, the tool's input schema, its output schema). A step
 * that throws is recorded as failed with its error's code and message, and the next one still runs.
 */
export async function runConverseSteps(
  ctx: EngineContext,
  plan: readonly ConverseStepPlan[],
  tools: ReadonlyMap<string, AgentTool>,
  caller: AgentCaller,
  settings: AgentToolSettings,
): Promise<ConverseStep[]> {
  const steps: ConverseStep[] = []
  for (const { tool: name, input } of plan) {
    steps.push(await runConverseStep(ctx, name, input, tools, caller, settings))
  }
  return steps
}

/** One step: the tool named `name` (read-only ones only: others are refused as unknown) on `input`. */
export async function runConverseStep(
  ctx: EngineContext,
  name: string,
  input: Record<string, unknown>,
  tools: ReadonlyMap<string, AgentTool>,
  caller: AgentCaller,
  settings: AgentToolSettings,
): Promise<ConverseStep> {
  const tool = tools.get(name)
  if (!tool) {
    return {
      tool: name,
      input,
      status: 'failed',
      error: { code: 'UNKNOWN_TOOL', message: `No read-only tool ${name}` },
    }
  }
  try {
    const data = await executeAgentTool(ctx, tool, input, caller, settings)
    return { tool: name, input, status: 'ok', data }
  } catch (e) {
    if (isLoyaltyError(e) && e.category !== 'internal') {
      return { tool: name, input, status: 'failed', error: { code: e.code, message: e.message } }
    }
    ctx.logger.error({ err: e, tool: name }, 'converse step failed')
    return { tool: name, input, status: 'failed', error: { code: 'INTERNAL', message: 'Internal error' } }
  }
}
