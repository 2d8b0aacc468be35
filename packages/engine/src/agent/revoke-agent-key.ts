import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { agentKeyIdSchema } from './agent-key-id-schema'

export const revokeAgentKeyParametersSchema = z.object({ id: agentKeyIdSchema })

export type RevokeAgentKeyParameters = z.input<typeof revokeAgentKeyParametersSchema>

/** Revokes an agent key: its next signed request is refused (401). `revoked` is false when unknown or already revoked. */
export async function revokeAgentKey(
  ctx: EngineContext,
  params: RevokeAgentKeyParameters,
): Promise<{ revoked: boolean }> {
  const p = parseInput(revokeAgentKeyParametersSchema, params, 'Invalid agent key id')
  const revoked = await ctx.storage.agentKeys.revoke(p.id, ctx.clock.now())
  if (revoked) ctx.logger.info({ agentKeyId: p.id }, 'agent key revoked')
  return { revoked }
}
