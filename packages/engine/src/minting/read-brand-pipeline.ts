import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { brandIdSchema } from '../schemas/brand-id'
import { wireFormats } from '../schemas/wire-formats'

export const readBrandPipelineParametersSchema = z.object({ brandId: brandIdSchema })

export type ReadBrandPipelineParameters = z.input<typeof readBrandPipelineParametersSchema>

/** The brand's newest mint jobs read for its last batches and its mint latency. */
const RECENT_JOBS = 200
const LAST_BATCHES = 10

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** `GET /admin/v1/brands/:brandId/pipeline` (docs/admin-api.md#pipeline). */
export const brandPipelineSchema = z.object({
  /** The brand's mint jobs not confirmed yet (waiting for a batch, or in a batch not confirmed). */
  queueDepth: wireFormats.count,
  pending: wireFormats.count,
  batched: wireFormats.count,
  /** Age of its oldest job waiting for a batch, ms; null when none waits. */
  oldestPendingAgeMs: z.number().int().nonnegative().nullable(),
  /** Median time from a job's creation to its confirmation over its newest confirmed jobs, ms; null before the first. */
  lagMs: z.number().int().nonnegative().nullable(),
  /** The batches that carried its newest jobs, newest first (a batch may carry other brands' jobs too). */
  lastBatches: z.array(
    z.object({
      batchId: z.string(),
      /** The current (or minting, once confirmed) transaction; null before the first is signed. */
      txHash: z.string().nullable(),
      /** Jobs in the batch (every brand's). */
      size: wireFormats.count,
      /** new · signed · retry · confirmed (docs/minting.md). */
      status: z.enum(['new', 'signed', 'retry', 'confirmed']),
      /** Transactions signed for it so far. */
      attempts: wireFormats.count,
      /** When the minter formed the batch. */
      submittedAt: wireFormats.isoTimestamp,
      confirmedAt: wireFormats.isoTimestamp.nullable(),
    }),
  ),
})

export type ReadBrandPipelineReturnType = z.output<typeof brandPipelineSchema>

function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return Math.round(
    sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2,
  )
}

/**
 * A brand's view of the mint pipeline (the minter is shared by every brand): its queue, the age of
 * its oldest waiting job, its recent mint latency and the last batches that carried its jobs. Reads
 * the open queue and the brand's newest 200 jobs (index of migration 0025), then each batch by id.
 */
export async function readBrandPipeline(
  ctx: EngineContext,
  params: ReadBrandPipelineParameters,
): Promise<ReadBrandPipelineReturnType> {
  const p = parseInput(readBrandPipelineParametersSchema, params, 'Invalid pipeline query')
  await requireBrand(ctx.storage, p.brandId)
  const now = ctx.clock.now()
  const pipeline = await ctx.storage.mint.brandPipeline({ brandId: p.brandId, recent: RECENT_JOBS })
  const batchIds = [...new Set(pipeline.recentJobs.flatMap((j) => (j.batchId === null ? [] : [j.batchId])))]
  const batches = await Promise.all(batchIds.slice(0, LAST_BATCHES).map((id) => ctx.storage.mint.getBatch(id)))
  const latencies = pipeline.recentJobs.flatMap((j) =>
    j.status === 'confirmed' && j.confirmedAt !== null ? [Math.max(0, j.confirmedAt - j.createdAt)] : [],
  )
  return {
    queueDepth: pipeline.pending + pipeline.batched,
    pending: pipeline.pending,
    batched: pipeline.batched,
    oldestPendingAgeMs: pipeline.oldestPendingAt === null ? null : Math.max(0, now - pipeline.oldestPendingAt),
    lagMs: median(latencies),
    lastBatches: batches.flatMap((b) =>
      b === undefined
        ? []
        : [
            {
              batchId: b.batchId,
              txHash: b.txHash,
              size: b.jobCount,
              status: b.status,
              attempts: b.attempts,
              submittedAt: new Date(b.createdAt).toISOString(),
              confirmedAt: iso(b.confirmedAt),
            },
          ],
    ),
  }
}
