import { AgentForbiddenError } from './agent-forbidden-error'
import type { AgentCaller, AgentTool } from './agent-tool'

/**
 * Throws AgentForbiddenError (403) when a verified key may not call `tool`: without `input`, its
 * permission (`canOnboard`, `canManageProgram`) and tier; with the parsed `input`, the brands the
 * call writes for (`tool.brandsOf`) against the key's brand scope. Public callers pass (a signed
 * tool has refused them before).
 */
export function authorizeAgentCall(
  tool: Pick<AgentTool, 'permission' | 'tier' | 'brandsOf'>,
  caller: AgentCaller,
  input?: Record<string, unknown>,
): void {
  if (caller.kind !== 'agent') return
  const { key } = caller
  if (input === undefined) {
    if (tool.permission && !key[tool.permission]) {
      throw new AgentForbiddenError(`This agent key lacks the ${tool.permission} permission`, 'permission', {
        required: tool.permission,
      })
    }
    if (tool.tier && !tool.tier.includes(key.tier)) {
      throw new AgentForbiddenError(`This tool needs a ${tool.tier.join(' or ')} agent key`, 'tier', {
        required: tool.tier,
        tier: key.tier,
      })
    }
    return
  }
  const scope = key.brandScope
  const outside = scope && tool.brandsOf ? tool.brandsOf(input).filter((b) => !scope.includes(b)) : []
  if (outside.length > 0) {
    throw new AgentForbiddenError('This agent key may not act for this brand', 'brand_scope', { brandIds: outside })
  }
}
