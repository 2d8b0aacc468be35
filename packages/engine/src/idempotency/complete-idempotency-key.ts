import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { idempotencyClaimRefSchema } from './idempotency-claim-ref-schema'

export const completeIdempotencyKeyParametersSchema = idempotencyClaimRefSchema.extend({
  /** The answer to replay; `body` is stored encrypted. */
  response: z.object({
    status: z.number().int(),
    /** Lowercase names; only the headers a client acts on. */
    headers: z.record(z.string(), z.string()),
    body: z.string(),
  }),
})

export type CompleteIdempotencyKeyParameters = z.input<typeof completeIdempotencyKeyParametersSchema>

export type CompleteIdempotencyKeyOptions = {
  /** How long the answer is replayed; default 24 h. */
  retentionMs?: number
}

/**
 * Stores the answer of a claim (its body encrypted by `ctx.keyVault`: it may carry access tokens or
 * signatures) and replays it to the key's retries for `retentionMs`. False (nothing stored) when the
 * claim was taken over meanwhile.
 */
export async function completeIdempotencyKey(
  ctx: EngineContext,
  params: CompleteIdempotencyKeyParameters,
  options: CompleteIdempotencyKeyOptions = {},
): Promise<boolean> {
  const p = parseInput(completeIdempotencyKeyParametersSchema, params, 'Invalid idempotent answer')
  const now = ctx.clock.now()
  return ctx.storage.idempotency.complete({
    ...p,
    response: { ...p.response, body: ctx.keyVault.encrypt(p.response.body) },
    now,
    expiresAt: now + (options.retentionMs ?? 24 * 3_600_000),
  })
}
