import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'

export const revokeApiKeyParametersSchema = z.object({ id: z.string().min(1) })

export type RevokeApiKeyParameters = z.input<typeof revokeApiKeyParametersSchema>

/** Revokes an API key by id; `revoked` is false when it is unknown or was already revoked. */
export async function revokeApiKey(ctx: EngineContext, params: RevokeApiKeyParameters): Promise<{ revoked: boolean }> {
  const p = parseInput(revokeApiKeyParametersSchema, params)
  return { revoked: await ctx.storage.apiKeys.revoke(p.id, ctx.clock.now()) }
}
