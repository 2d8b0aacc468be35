import type { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { idempotencyClaimRefSchema } from './idempotency-claim-ref-schema'

export const releaseIdempotencyKeyParametersSchema = idempotencyClaimRefSchema

export type ReleaseIdempotencyKeyParameters = z.input<typeof releaseIdempotencyKeyParametersSchema>

/** Frees a key the claim still holds, storing nothing (its answer is not one to replay). */
export async function releaseIdempotencyKey(
  ctx: EngineContext,
  params: ReleaseIdempotencyKeyParameters,
): Promise<void> {
  const p = parseInput(releaseIdempotencyKeyParametersSchema, params, 'Invalid idempotency claim')
  await ctx.storage.idempotency.release(p)
}
