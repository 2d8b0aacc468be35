import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'

export const removePerkConstraintParametersSchema = z.object({
  collectionId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

export type RemovePerkConstraintParameters = z.input<typeof removePerkConstraintParametersSchema>

/** Removes the constraint of a collection and its cached answers; `removed` is false when there was none. */
export async function removePerkConstraint(
  ctx: EngineContext,
  params: RemovePerkConstraintParameters,
): Promise<{ removed: boolean }> {
  const p = parseInput(removePerkConstraintParametersSchema, params, 'Invalid perk constraint')
  return { removed: await ctx.storage.constraints.deleteConstraint(p.collectionId) }
}
