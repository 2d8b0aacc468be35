import type { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { idempotencyClaimRefSchema } from './idempotency-claim-ref-schema'

export const extendIdempotencyKeyParametersSchema = idempotencyClaimRefSchema

export type ExtendIdempotencyKeyParameters = z.input<typeof extendIdempotencyKeyParametersSchema>

export type ExtendIdempotencyKeyOptions = {
  /** The renewed lock, from now; default 60 s. */
  lockTtlMs?: number
}

/** Renews the lock of a claim its request still runs under; false when the claim was taken over, completed or released. */
export async function extendIdempotencyKey(
  ctx: EngineContext,
  params: ExtendIdempotencyKeyParameters,
  options: ExtendIdempotencyKeyOptions = {},
): Promise<boolean> {
  const p = parseInput(extendIdempotencyKeyParametersSchema, params, 'Invalid idempotency claim')
  return ctx.storage.idempotency.extend({ ...p, now: ctx.clock.now(), lockTtlMs: options.lockTtlMs ?? 60_000 })
}
