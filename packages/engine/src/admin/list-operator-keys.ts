import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { type OperatorKeyView, toOperatorKeyView } from './operator-key-view'

export const listOperatorKeysParametersSchema = z.object({
  /** Revoked keys too (default: active keys only). */
  includeRevoked: z.boolean().default(false),
})

export type ListOperatorKeysParameters = z.input<typeof listOperatorKeysParametersSchema>

/** Operator keys, oldest first, without their hashes. */
export async function listOperatorKeys(
  ctx: EngineContext,
  params: ListOperatorKeysParameters = {},
): Promise<OperatorKeyView[]> {
  const p = parseInput(listOperatorKeysParametersSchema, params)
  const keys = await ctx.storage.operatorKeys.list()
  return keys.filter((k) => p.includeRevoked || k.revokedAt === null).map(toOperatorKeyView)
}
