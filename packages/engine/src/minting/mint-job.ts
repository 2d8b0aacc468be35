import type { Address, Hex } from 'viem'
import type { MintBatchRecord, MintJobRecord, MintJobStatus } from '../ports/mint-store'

/** A mint job as operations return it. */
export type MintJob = {
  jobId: string
  idempotencyKey: string
  to: Address
  /** Whole tokens, decimal string (exact for any size). */
  amount: string
  source: string
  ref: string | null
  brandId: string | null
  status: MintJobStatus
  batchId: Hex | null
  /**
   * Confirmed jobs: the transaction that minted them. Batched jobs: the batch's current transaction,
   * which a re-sign may still replace. Pending jobs: null.
   */
  txHash: Hex | null
  blockNumber: number | null
  createdAt: number
  confirmedAt: number | null
}

export function toMintJob(record: MintJobRecord, batch?: MintBatchRecord): MintJob {
  return {
    jobId: record.id,
    idempotencyKey: record.idempotencyKey,
    to: record.to as Address,
    amount: record.amount,
    source: record.source,
    ref: record.ref,
    brandId: record.brandId,
    status: record.status,
    batchId: record.batchId as Hex | null,
    txHash: (record.txHash ?? (record.status === 'batched' ? (batch?.txHash ?? null) : null)) as Hex | null,
    blockNumber: record.blockNumber,
    createdAt: record.createdAt,
    confirmedAt: record.confirmedAt,
  }
}
