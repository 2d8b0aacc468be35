import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { type AgentKeyView, toAgentKeyView } from './agent-key-view'

export const listAgentKeysParametersSchema = z.object({
  /** Revoked keys too (default: active keys only). */
  includeRevoked: z.boolean().default(false),
})

export type ListAgentKeysParameters = z.input<typeof listAgentKeysParametersSchema>

/** Agent keys, oldest first, without their secrets. */
export async function listAgentKeys(ctx: EngineContext, params: ListAgentKeysParameters = {}): Promise<AgentKeyView[]> {
  const p = parseInput(listAgentKeysParametersSchema, params)
  const keys = await ctx.storage.agentKeys.list()
  return keys.filter((k) => p.includeRevoked || k.revokedAt === null).map(toAgentKeyView)
}
