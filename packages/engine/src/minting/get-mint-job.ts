import type { EngineContext } from '../context'
import { type MintJob, toMintJob } from './mint-job'

export type GetMintJobParameters = { jobId: string } | { idempotencyKey: string }

/** A mint job with its status and transaction hash, by id or idempotency key; undefined if unknown. */
export async function getMintJob(ctx: EngineContext, params: GetMintJobParameters): Promise<MintJob | undefined> {
  const record =
    'jobId' in params
      ? await ctx.storage.mint.getJob(params.jobId)
      : await ctx.storage.mint.getJobByKey(params.idempotencyKey)
  if (!record) return undefined
  const batch =
    record.status === 'batched' && record.batchId ? await ctx.storage.mint.getBatch(record.batchId) : undefined
  return toMintJob(record, batch)
}
