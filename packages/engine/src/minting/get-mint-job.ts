import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { type MintJob, toMintJob } from './mint-job'

export const getMintJobParametersSchema = z.union([
  z.object({ jobId: z.string() }),
  z.object({ idempotencyKey: z.string() }),
])

export type GetMintJobParameters = z.input<typeof getMintJobParametersSchema>

/** A mint job with its status and transaction hash, by id or idempotency key; undefined if unknown. */
export async function getMintJob(ctx: EngineContext, params: GetMintJobParameters): Promise<MintJob | undefined> {
  const p = parseInput(getMintJobParametersSchema, params, 'Invalid mint job query')
  const record =
    'jobId' in p ? await ctx.storage.mint.getJob(p.jobId) : await ctx.storage.mint.getJobByKey(p.idempotencyKey)
  if (!record) return undefined
  const batch =
    record.status === 'batched' && record.batchId ? await ctx.storage.mint.getBatch(record.batchId) : undefined
  return toMintJob(record, batch)
}
