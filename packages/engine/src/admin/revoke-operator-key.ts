import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'

export const revokeOperatorKeyParametersSchema = z.object({ id: z.string().trim().min(1).max(100) })

export type RevokeOperatorKeyParameters = z.input<typeof revokeOperatorKeyParametersSchema>

/** Revokes an operator key: its next admin request is refused (401). `revoked` is false when unknown or already revoked. */
export async function revokeOperatorKey(
  ctx: EngineContext,
  params: RevokeOperatorKeyParameters,
): Promise<{ revoked: boolean }> {
  const p = parseInput(revokeOperatorKeyParametersSchema, params, 'Invalid operator key id')
  const revoked = await ctx.storage.operatorKeys.revoke(p.id, ctx.clock.now())
  if (revoked) ctx.logger.info({ operatorKeyId: p.id }, 'operator key revoked')
  return { revoked }
}
