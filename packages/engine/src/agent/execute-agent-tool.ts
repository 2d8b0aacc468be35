import type { EngineContext } from '../context'
import { LoyaltyError } from '../errors/loyalty-error'
import { parseInput } from '../errors/zod-issues'
import type { AgentCaller, AgentTool, AgentToolSettings } from './agent-tool'
import { authorizeAgentCall } from './authorize-agent-call'

/**
 * A tool call once its caller is known (authenticated and counted by runAgentTool): authorize
 * (permission, tier → 403), parse the input with the tool's schema (400 with per-field details),
 * check the brand scope of writes (403), run the handler and check its answer against the tool's
 * output schema. REST, MCP and each step of /converse go through here, so a step answers exactly
 * what the route would.
 */
export async function executeAgentTool(
  ctx: EngineContext,
  tool: AgentTool,
  rawInput: unknown,
  caller: AgentCaller,
  settings: AgentToolSettings,
): Promise<unknown> {
  authorizeAgentCall(tool, caller)
  const input = parseInput(tool.input, rawInput, 'Invalid input')
  authorizeAgentCall(tool, caller, input)
  const answer = await tool.handler(ctx, input, caller, settings)
  const checked = tool.output.safeParse(answer)
  if (!checked.success) {
    throw new LoyaltyError(`${tool.name} answered outside its output schema`, {
      code: 'AGENT_OUTPUT_INVALID',
      category: 'internal',
      cause: checked.error,
    })
  }
  return checked.data
}
