import { z } from 'zod'
import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { agentKeyIdSchema } from './agent-key-id-schema'
import { type AgentKeyView, toAgentKeyView } from './agent-key-view'
import { newAgentSecret } from './new-agent-secret'

export const rotateAgentKeyParametersSchema = z.object({ id: agentKeyIdSchema })

export type RotateAgentKeyParameters = z.input<typeof rotateAgentKeyParametersSchema>

/**
 * Gives an active agent key a new secret (answered once); the old one stops working at once. The id,
 * tier, permissions and scope stay. Unknown or revoked key → 404 AGENT_KEY_NOT_FOUND.
 */
export async function rotateAgentKey(
  ctx: EngineContext,
  params: RotateAgentKeyParameters,
): Promise<{ key: AgentKeyView; secret: string }> {
  const p = parseInput(rotateAgentKeyParametersSchema, params, 'Invalid agent key id')
  const secret = newAgentSecret('secret')
  const rotated = await ctx.storage.agentKeys.rotate(p.id, ctx.keyVault.encrypt(secret), ctx.clock.now())
  const record = rotated ? await ctx.storage.agentKeys.get(p.id) : undefined
  if (!record) throw new NotFoundError(`No active agent key ${p.id}`, 'AGENT_KEY_NOT_FOUND', { id: p.id })
  ctx.logger.info({ agentKeyId: p.id }, 'agent key rotated')
  return { key: toAgentKeyView(record), secret }
}
