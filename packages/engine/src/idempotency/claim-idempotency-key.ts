import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { IdempotencyClaim } from '../ports/idempotency-store'
import { idempotencyClaimRefSchema } from './idempotency-claim-ref-schema'

export const claimIdempotencyKeyParametersSchema = idempotencyClaimRefSchema.extend({
  /** A hash of the request (method, path, body): the same key with another request is a mismatch. */
  requestHash: z.string().min(1),
})

export type ClaimIdempotencyKeyParameters = z.input<typeof claimIdempotencyKeyParametersSchema>

export type ClaimIdempotencyKeyOptions = {
  /** The claim's lock; a claimant that crashed is taken over after it. Default 60 s. */
  lockTtlMs?: number
}

/**
 * Claims an idempotency key for one request (see IdempotencyStore.claim): `claimed`, `replay` (the
 * stored answer, its body decrypted), `in_progress` or `mismatch`. Atomic across processes.
 */
export async function claimIdempotencyKey(
  ctx: EngineContext,
  params: ClaimIdempotencyKeyParameters,
  options: ClaimIdempotencyKeyOptions = {},
): Promise<IdempotencyClaim> {
  const p = parseInput(claimIdempotencyKeyParametersSchema, params, 'Invalid idempotency claim')
  const claim = await ctx.storage.idempotency.claim({
    ...p,
    now: ctx.clock.now(),
    lockTtlMs: options.lockTtlMs ?? 60_000,
  })
  if (claim.state !== 'replay') return claim
  return { ...claim, response: { ...claim.response, body: ctx.keyVault.decrypt(claim.response.body) } }
}
