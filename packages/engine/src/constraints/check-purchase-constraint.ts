import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { type ConstraintCheckOptions, DEFAULT_CONSTRAINT_CHECK_OPTIONS } from './constraint-check-options'
import { fetchExternalDecision } from './fetch-external-decision'

export const checkPurchaseConstraintParametersSchema = z.object({
  collectionId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  userAddress: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address')
    .transform((v) => v.toLowerCase()),
})

export type CheckPurchaseConstraintParameters = z.input<typeof checkPurchaseConstraintParametersSchema>

export type CheckPurchaseConstraintReturnType = {
  allowed: boolean
  /** The API's reason, when it gave one. */
  reason: string | null
  /** The constraint's API, or null when the collection has no constraint (then `allowed` is true). */
  apiUrl: string | null
  /** Whether the answer came from the cache shared by every server process. */
  cached: boolean
}

/**
 * May this user purchase from this perk collection? Without a declared constraint: yes. With an
 * external-API constraint: the cached answer for (api_url, user, collection) while fresh, else the
 * API's answer (fetchExternalDecision), cached for `cacheTtlMs` (default 60 s; invalidated by
 * `invalidateConstraintCache`). A failed check throws ConstraintCheckFailedError and caches nothing.
 * For the relayer / perk claims: call before `claimFor`, refuse when `allowed` is false.
 */
export async function checkPurchaseConstraint(
  ctx: EngineContext,
  params: CheckPurchaseConstraintParameters,
): Promise<CheckPurchaseConstraintReturnType> {
  const p = parseInput(checkPurchaseConstraintParametersSchema, params, 'Invalid constraint check')
  const options: ConstraintCheckOptions = { ...DEFAULT_CONSTRAINT_CHECK_OPTIONS, ...ctx.constraints }
  const constraint = await ctx.storage.constraints.getConstraint(p.collectionId)
  if (!constraint) return { allowed: true, reason: null, apiUrl: null, cached: false }
  const key = { apiUrl: constraint.apiUrl, userAddress: p.userAddress, collectionId: p.collectionId }
  const cached = await ctx.storage.constraints.getCached({ ...key, now: ctx.clock.now() })
  if (cached) return { allowed: cached.allowed, reason: cached.reason, apiUrl: constraint.apiUrl, cached: true }
  const decision = await fetchExternalDecision({ ...key, brandId: constraint.brandId }, options)
  const checkedAt = ctx.clock.now()
  await ctx.storage.constraints.putCached({
    ...key,
    brandId: constraint.brandId,
    allowed: decision.allowed,
    reason: decision.reason,
    checkedAt,
    expiresAt: checkedAt + options.cacheTtlMs,
  })
  return { allowed: decision.allowed, reason: decision.reason, apiUrl: constraint.apiUrl, cached: false }
}
