import type { Hash, Log } from 'viem'
import type { EngineContext } from '../context'
import { mintLogIndexes } from '../ledger/mint-log-indexes'
import type { ChainPort } from '../ports/chain'
import type { Logger } from '../ports/logger'
import type { MintBatchRecord } from '../ports/mint-store'
import type { Stores } from '../ports/storage'
import type { SignerLease } from '../signers/signer-lease'
import { createSignerRuntime, type SignerRuntime } from '../signers/signer-runtime'
import { backoffDelay } from '../workers/backoff-delay'
import { type MintSignals, mintSignals } from './mint-signals'
import type { ResolvedMinterOptions } from './minter-options'

/** What the minter reads of a receipt of one of its transactions. */
export type MintReceipt = { transactionHash: Hash; blockNumber: bigint; logs: readonly Log[]; gasUsed?: bigint }

/** A reverted attempt of a batch: its transaction when one was mined, and the batch's jobs. */
type MintRevertFacts = {
  txHash: Hash | null
  blockNumber: number | null
  jobs: ReadonlyArray<{ id: string }>
}

export type MinterStats = {
  leaseHeld: boolean
  batchesSigned: number
  batchesConfirmed: number
  jobsConfirmed: number
  broadcasts: number
  retries: number
  lastError: string | null
}

/** What the batch steps of one minter share (signer, lease, options, counters). */
export type MinterRuntime = SignerRuntime & {
  options: ResolvedMinterOptions
  signals: MintSignals
  lease: SignerLease
  stats: MinterStats
  /** Runs `fn` in one transaction that first proves (and renews) the lease; throws LeaseLostError otherwise. */
  fenced<T>(fn: (tx: Stores) => Promise<T>): Promise<T>
  /**
   * Marks a batch and its jobs confirmed by the minting transaction's receipt, and their ledger
   * entries with it (each with the log index of its Transfer), in one transaction; signals waiters.
   */
  confirm(batch: MintBatchRecord, receipt: MintReceipt): Promise<void>
  /**
   * Schedules a new transaction for the batch after an exponential backoff with jitter. `reverted`:
   * the batch's transaction (or, txHash null, its simulation) reverted; its jobs' ledger entries
   * turn `failed` in the same transaction.
   */
  retry(
    batch: MintBatchRecord,
    error: string,
    options?: { immediately?: boolean; reverted?: MintRevertFacts },
  ): Promise<void>
}

export function createMinterRuntime(p: {
  ctx: EngineContext
  chain: ChainPort
  options: ResolvedMinterOptions
  logger: Logger
  lease: SignerLease
  stats: MinterStats
}): MinterRuntime {
  const { ctx, options, lease } = p
  const rt: MinterRuntime = {
    ...createSignerRuntime({ ctx, chain: p.chain, signer: options.signer, caps: options.gasCaps, logger: p.logger }),
    options,
    signals: mintSignals(ctx.storage),
    lease,
    stats: p.stats,
    fenced: (fn) => lease.fenced(fn),

    async confirm(batch, receipt) {
      const txHash = receipt.transactionHash
      const blockNumber = Number(receipt.blockNumber)
      const jobs = await ctx.storage.mint.listBatchJobs(batch.batchId)
      const logs = mintLogIndexes(p.chain.contracts.pointsToken, jobs, receipt.logs)
      if (!logs.matched) {
        rt.logger.warn(
          { batchId: batch.batchId, txHash },
          'mint Transfer logs do not match the batch: ledger log indexes left empty',
        )
      }
      const { jobIds } = await rt.fenced(async (tx) => {
        const confirmed = await tx.mint.confirmBatch({ batchId: batch.batchId, txHash, blockNumber, now: rt.now() })
        await tx.ledger.settleMintBatch({
          batchId: batch.batchId,
          status: 'confirmed',
          txHash,
          blockNumber,
          jobs: logs.jobs,
          now: rt.now(),
        })
        return confirmed
      })
      if (jobIds.length > 0) {
        rt.stats.batchesConfirmed++
        rt.stats.jobsConfirmed += jobIds.length
        ctx.observer?.observe({ type: 'mint.batch_confirmed', mints: jobIds.length, gasUsed: receipt.gasUsed ?? null })
        rt.logger.debug({ batchId: batch.batchId, txHash, blockNumber, jobs: jobIds.length }, 'mint batch confirmed')
      }
      rt.signals.confirmed(jobIds)
    },

    async retry(batch, error, retryOptions = {}) {
      const attempt = Math.max(1, batch.attempts)
      const delay = retryOptions.immediately
        ? 0
        : backoffDelay(attempt, { baseMs: options.retryBaseMs, maxMs: options.retryMaxMs })
      rt.stats.retries++
      rt.stats.lastError = error
      rt.logger.warn(
        { batchId: batch.batchId, attempt, retryInMs: Math.round(delay), error },
        'mint batch will be retried',
      )
      const reverted = retryOptions.reverted
      await rt.fenced(async (tx) => {
        await tx.mint.scheduleRetry({ batchId: batch.batchId, error, nextAttemptAt: rt.now() + delay, now: rt.now() })
        if (reverted) {
          await tx.ledger.settleMintBatch({
            batchId: batch.batchId,
            status: 'failed',
            txHash: reverted.txHash,
            blockNumber: reverted.blockNumber,
            jobs: reverted.jobs.map((j) => ({ mintJobId: j.id, logIndex: null })),
            now: rt.now(),
          })
        }
      })
    },
  }
  return rt
}
