import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import {
  type EnqueueMintParameters,
  type EnqueueMintReturnType,
  enqueueMint,
  enqueueMintParametersSchema,
} from './enqueue-mint'

/** The mint job to record (see enqueueMint for each field's limits). */
export const enqueueMintJobParametersSchema = enqueueMintParametersSchema

export type EnqueueMintJobParameters = EnqueueMintParameters

/**
 * Records a mint job in its own transaction (inside a caller's transaction use `enqueueMint(tx, …)`).
 * Idempotent on `idempotencyKey`; `waitForMint(ctx, { jobId })` then waits for its transaction hash.
 */
export async function enqueueMintJob(
  ctx: EngineContext,
  params: EnqueueMintJobParameters,
): Promise<EnqueueMintReturnType> {
  const p = parseInput(enqueueMintParametersSchema, params, 'Invalid mint job')
  return ctx.storage.transaction((tx) => enqueueMint(tx, p, ctx))
}
