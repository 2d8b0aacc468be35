/**
 * Storage of the durable minting pipeline: jobs, batches and every signed transaction. Owned by
 * src/minting/ (see docs/minting.md).
 *
 * Invariant the whole pipeline rests on: a job joins exactly one batch, once (`claimJobs`), and a
 * batch's recipients never change. Every transaction signed for a batch carries the same batch id,
 * which the token mints at most once, so any number of (re)broadcasts mints each job exactly once.
 */

/** pending: waiting for a batch · batched: in a batch whose transaction is not confirmed · confirmed: minted. */
export type MintJobStatus = 'pending' | 'batched' | 'confirmed'

export type MintJobRecord = {
  /** UUID. */
  id: string
  idempotencyKey: string
  /** Lowercase 0x recipient address. */
  to: string
  /** Whole tokens, decimal string. */
  amount: string
  /** amount × 10^18, decimal string. */
  amountWei: string
  /** What asked for the mint, e.g. `event`, `payment`, `bonus`. */
  source: string
  ref: string | null
  brandId: string | null
  status: MintJobStatus
  /** 0x bytes32 batch id once batched. */
  batchId: string | null
  /** Hash of the transaction that minted the job (confirmed jobs only). */
  txHash: string | null
  blockNumber: number | null
  createdAt: number
  updatedAt: number
  confirmedAt: number | null
}

/**
 * new: claimed, no transaction yet · signed: its current transaction is stored (and maybe broadcast)
 * · retry: needs a new transaction at `nextAttemptAt` · confirmed: minted.
 */
export type MintBatchStatus = 'new' | 'signed' | 'retry' | 'confirmed'

export type MintBatchRecord = {
  /** 0x bytes32, the `batchId` argument of `mintBatch`. */
  batchId: string
  chainId: number
  /** Lowercase address of the minter account that signs this batch. */
  signer: string
  status: MintBatchStatus
  jobCount: number
  /** Sum of the jobs' amountWei, decimal string. */
  totalWei: string
  /** Nonce of the current (or last) transaction. */
  nonce: number | null
  /** Hash of the current transaction; of the minting one once confirmed. */
  txHash: string | null
  blockNumber: number | null
  /** Transactions signed for this batch so far. */
  attempts: number
  nextAttemptAt: number
  lastError: string | null
  /** Chain head when the batch was first broadcast (lower bound to search its BatchMinted log). */
  sentBlock: number | null
  createdAt: number
  updatedAt: number
  confirmedAt: number | null
}

/** signed: stored, not known to be broadcast · sent: accepted by a node · mined/reverted: in a block · dropped: will never be mined. */
export type MintTxStatus = 'signed' | 'sent' | 'mined' | 'reverted' | 'dropped'

export type MintTxRecord = {
  txHash: string
  batchId: string
  chainId: number
  signer: string
  nonce: number
  /** The signed raw transaction; cleared once its batch is confirmed. */
  raw: string | null
  gasLimit: string
  maxFeePerGas: string
  maxPriorityFeePerGas: string
  status: MintTxStatus
  error: string | null
  createdAt: number
  sentAt: number | null
}

/** A brand's side of the mint pipeline (`MintStore.brandPipeline`). */
type BrandMintPipeline = {
  /** Its jobs waiting for a batch, and those in a batch not confirmed yet. */
  pending: number
  batched: number
  /** Creation time of its oldest pending job; null when none. */
  oldestPendingAt: number | null
  /** Its newest jobs, newest first (batch, status, creation and confirmation times). */
  recentJobs: Array<{ batchId: string | null; status: MintJobStatus; createdAt: number; confirmedAt: number | null }>
}

export interface MintStore {
  /**
   * Atomic: of concurrent callers with the same idempotencyKey, exactly one inserts (`created: true`);
   * every caller receives the one stored job. Meant to run inside the caller's transaction.
   */
  insertJobIfAbsent(job: MintJobRecord): Promise<{ job: MintJobRecord; created: boolean }>
  getJob(id: string): Promise<MintJobRecord | undefined>
  getJobByKey(idempotencyKey: string): Promise<MintJobRecord | undefined>
  /**
   * Atomic: moves up to `limit` pending jobs, oldest first, into a new batch (inserted with status
   * `new`) and answers them; concurrent callers never receive the same job (FOR UPDATE SKIP LOCKED on
   * PostgreSQL; SQLite serialises writers). No batch row is written when no job is pending. Run it in
   * the same `Storage.transaction` as `recordTransaction` so a crash leaves both or neither.
   */
  claimJobs(p: {
    batchId: string
    chainId: number
    signer: string
    limit: number
    now: number
  }): Promise<MintJobRecord[]>
  /** Jobs of a batch in calldata order (createdAt, id). */
  listBatchJobs(batchId: string): Promise<MintJobRecord[]>
  getBatch(batchId: string): Promise<MintBatchRecord | undefined>
  /** Batches of a signer that are not confirmed, by nonce (nulls last) then age. */
  listOpenBatches(p: { chainId: number; signer: string }): Promise<MintBatchRecord[]>
  /**
   * Stores a signed transaction of a batch (before it is broadcast) and makes it the batch's current
   * one: batch status `signed`, nonce and txHash set, attempts + 1.
   */
  recordTransaction(tx: MintTxRecord): Promise<void>
  listTransactions(batchId: string): Promise<MintTxRecord[]>
  /** Marks a transaction accepted by a node (again: `sentAt` moves); sets the batch's `sentBlock` the first time. */
  markTransactionSent(p: { txHash: string; now: number; headBlock: number | null }): Promise<void>
  setTransactionStatus(p: { txHash: string; status: MintTxStatus; error?: string | null }): Promise<void>
  /** The batch needs a new transaction at `nextAttemptAt` (its current one failed or will never be mined). */
  scheduleRetry(p: { batchId: string; error: string; nextAttemptAt: number; now: number }): Promise<void>
  /**
   * Atomic: batch and all its jobs confirmed by `txHash` in `blockNumber`; that transaction `mined`,
   * the batch's other unmined transactions `dropped`; raw transactions cleared. Answers the job ids
   * that were confirmed by this call (none when the batch was already confirmed).
   */
  confirmBatch(p: { batchId: string; txHash: string; blockNumber: number; now: number }): Promise<{ jobIds: string[] }>
  /** Number of jobs per status (only of `statuses` when given: cheap for pending/batched). */
  countJobs(statuses?: readonly MintJobStatus[]): Promise<Record<MintJobStatus, number>>
  /**
   * The brand's open jobs (pending and batched: counted over the status index, i.e. the open queue
   * only) and its newest `recent` jobs over (brand_id, created_at) (migration 0025). Plain reads.
   */
  brandPipeline(p: { brandId: string; recent: number }): Promise<BrandMintPipeline>
}
