import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { recordLedgerEntry } from '../ledger/record-ledger-entry'
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
 * Records a mint job in its own transaction (inside a caller's transaction use `enqueueMint(tx, …)`)
 * with its `grant` ledger entry (source `mint_job`, the job id): a mint the operator asked for, not
 * a reward or a purchase. Idempotent on `idempotencyKey`; `waitForMint(ctx, { jobId })` then waits
 * for its transaction hash.
 */
export async function enqueueMintJob(
  ctx: EngineContext,
  params: EnqueueMintJobParameters,
): Promise<EnqueueMintReturnType> {
  const p = parseInput(enqueueMintParametersSchema, params, 'Invalid mint job')
  return ctx.storage.transaction(async (tx) => {
    const enqueued = await enqueueMint(tx, p, ctx)
    const { job } = enqueued
    // A job that existed already keeps whatever entry its first writer gave it.
    if (!enqueued.created) return enqueued
    await recordLedgerEntry(
      tx,
      {
        kind: 'grant',
        sourceType: 'mint_job',
        sourceId: job.jobId,
        brandId: job.brandId,
        walletAddress: job.to,
        amount: BigInt(job.amount),
        mintJobId: job.jobId,
        snapshot: { source: job.source, ref: job.ref, idempotencyKey: job.idempotencyKey },
        createdAt: job.createdAt,
      },
      ctx,
    )
    return enqueued
  })
}
