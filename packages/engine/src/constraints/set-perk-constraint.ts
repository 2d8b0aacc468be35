import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { PerkConstraint } from '../ports/constraint-store'
import { brandIdSchema } from '../schemas/brand-id'
import { externalApiUrlSchema } from './external-api-url'

export const setPerkConstraintParametersSchema = z.object({
  brandId: brandIdSchema,
  /** On-chain id of the collection (PerkCollection ids start at 1). */
  collectionId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  apiUrl: externalApiUrlSchema,
})

export type SetPerkConstraintParameters = z.input<typeof setPerkConstraintParametersSchema>

/**
 * Declares (or replaces) the external-API purchase constraint of a perk collection: before a claim,
 * `checkPurchaseConstraint` asks `apiUrl` whether the user may purchase. Replacing the URL drops the
 * answers cached for the collection.
 */
export async function setPerkConstraint(
  ctx: EngineContext,
  params: SetPerkConstraintParameters,
): Promise<PerkConstraint> {
  const p = parseInput(setPerkConstraintParametersSchema, params, 'Invalid perk constraint')
  return ctx.storage.transaction(async (tx) => {
    await requireBrand(tx, p.brandId)
    const now = ctx.clock.now()
    const previous = await tx.constraints.getConstraint(p.collectionId)
    if (previous && previous.apiUrl !== p.apiUrl) {
      await tx.constraints.invalidate({ apiUrl: previous.apiUrl, collectionId: p.collectionId, now })
    }
    const constraint: PerkConstraint = {
      collectionId: p.collectionId,
      brandId: p.brandId,
      kind: 'external_api',
      apiUrl: p.apiUrl,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    }
    await tx.constraints.putConstraint(constraint)
    return constraint
  })
}
