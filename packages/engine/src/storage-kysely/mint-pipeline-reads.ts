import type { Kysely } from 'kysely'
import type { MintJobStatus, MintStore } from '../ports/mint-store'
import type { Database } from './database'
import { numberOrNull } from './number-or-null'

/** `MintStore.brandPipeline`: two reads, neither beyond the open queue or the brand's newest jobs. */
export function createMintPipelineReads(db: Kysely<Database>): Pick<MintStore, 'brandPipeline'> {
  return {
    async brandPipeline({ brandId, recent }) {
      const brand = brandId.toLowerCase()
      const [open, jobs] = await Promise.all([
        db
          .selectFrom('mint_jobs')
          .select((eb) => ['status', eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('oldest')])
          .where('status', 'in', ['pending', 'batched'])
          .where('brand_id', '=', brand)
          .groupBy('status')
          .execute(),
        db
          .selectFrom('mint_jobs')
          .select(['batch_id', 'status', 'created_at', 'confirmed_at'])
          .where('brand_id', '=', brand)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(Math.max(1, Math.min(recent, 1000)))
          .execute(),
      ])
      const pending = open.find((r) => r.status === 'pending')
      const batched = open.find((r) => r.status === 'batched')
      return {
        pending: Number(pending?.n ?? 0),
        batched: Number(batched?.n ?? 0),
        oldestPendingAt: numberOrNull(pending?.oldest ?? null),
        recentJobs: jobs.map((j) => ({
          batchId: j.batch_id,
          status: j.status as MintJobStatus,
          createdAt: Number(j.created_at),
          confirmedAt: numberOrNull(j.confirmed_at),
        })),
      }
    },
  }
}
