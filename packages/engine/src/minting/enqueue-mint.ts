import { isAddress } from 'viem'
import { z } from 'zod'
import { ConflictError, type FieldIssue, ValidationError } from '../errors/common-errors'
import { type Clock, systemClock } from '../ports/clock'
import { type Ids, randomIds } from '../ports/ids'
import type { Stores } from '../ports/storage'
import { tokensToWei } from './mint-amount'
import { type MintJob, toMintJob } from './mint-job'

/** A mint job as `enqueueMint` and `enqueueMintJob` take it; `enqueueMint` checks each field's limits. */
export const enqueueMintParametersSchema = z.object({
  /** Same key → same job (the first one); e.g. `event:<eventId>` or `payment:<sessionId>`. At most 200 characters. */
  idempotencyKey: z.string(),
  /** The recipient: a non-zero 0x address. */
  to: z.string(),
  /** Whole tokens (18 decimals on chain). */
  amount: z.union([z.number(), z.bigint()]),
  /** What asks for the mint: `event`, `payment`, `bonus`, … (at most 64 characters). */
  source: z.string(),
  ref: z.string().optional(),
  brandId: z.string().optional(),
})

export type EnqueueMintParameters = z.input<typeof enqueueMintParametersSchema>

export type EnqueueMintReturnType = {
  jobId: string
  /** False when a job with this idempotency key already existed (then `job` is that job). */
  created: boolean
  job: MintJob
}

/**
 * Records a mint job in `stores`, which should be the caller's transaction (`storage.transaction(tx
 * => …enqueueMint(tx, …))`) so the job commits with whatever it rewards: a step inside an operation,
 * not an operation (`enqueueMintJob` is, in its own transaction). Idempotent on the key; the same key
 * with another recipient or amount throws ConflictError (IDEMPOTENCY_KEY_REUSED). After the commit,
 * `waitForMint(ctx, { jobId })` wakes the minter and waits for the transaction hash.
 */
export async function enqueueMint(
  stores: Pick<Stores, 'mint'>,
  params: EnqueueMintParameters,
  options: { clock?: Clock; ids?: Ids } = {},
): Promise<EnqueueMintReturnType> {
  const issues: FieldIssue[] = []
  if (
    typeof params.idempotencyKey !== 'string' ||
    params.idempotencyKey.length === 0 ||
    params.idempotencyKey.length > 200
  ) {
    issues.push({ field: 'idempotencyKey', message: 'must be 1 to 200 characters' })
  }
  if (typeof params.to !== 'string' || !isAddress(params.to, { strict: false }) || /^0x0{40}$/i.test(params.to)) {
    issues.push({ field: 'to', message: 'must be a non-zero 0x address' })
  }
  if (typeof params.source !== 'string' || params.source.length === 0 || params.source.length > 64) {
    issues.push({ field: 'source', message: 'must be 1 to 64 characters' })
  }
  if (params.ref !== undefined && (typeof params.ref !== 'string' || params.ref.length > 200)) {
    issues.push({ field: 'ref', message: 'must be at most 200 characters' })
  }
  if (issues.length > 0) throw new ValidationError('Invalid mint job', issues)
  const amountWei = tokensToWei(params.amount)
  const amount = BigInt(params.amount).toString()
  const to = params.to.toLowerCase()
  const now = (options.clock ?? systemClock).now()

  const { job, created } = await stores.mint.insertJobIfAbsent({
    id: (options.ids ?? randomIds).uuid(),
    idempotencyKey: params.idempotencyKey,
    to,
    amount,
    amountWei: amountWei.toString(),
    source: params.source,
    ref: params.ref ?? null,
    brandId: params.brandId ?? null,
    status: 'pending',
    batchId: null,
    txHash: null,
    blockNumber: null,
    createdAt: now,
    updatedAt: now,
    confirmedAt: null,
  })
  if (!created && (job.to !== to || job.amount !== amount)) {
    throw new ConflictError('This idempotency key was used for another mint', 'IDEMPOTENCY_KEY_REUSED', {
      idempotencyKey: params.idempotencyKey,
    })
  }
  return { jobId: job.id, created, job: toMintJob(job) }
}
