import type { Hash } from 'viem'
import type { EngineContext } from '../context'
import type { ChainPort } from '../ports/chain'
import type { Logger } from '../ports/logger'
import type { MintBatchRecord } from '../ports/mint-store'
import type { Stores } from '../ports/storage'
import type { SignerLease } from '../signers/signer-lease'
import { createSignerRuntime, type SignerRuntime } from '../signers/signer-runtime'
import { backoffDelay } from '../workers/backoff-delay'
import { type MintSignals, mintSignals } from './mint-signals'
import type { ResolvedMinterOptions } from './minter-options'

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
  /** Marks a batch and its jobs confirmed and signals waiters. */
  confirm(batch: MintBatchRecord, txHash: Hash, blockNumber: number): Promise<void>
  /** Schedules a new transaction for the batch after an exponential backoff with jitter. */
  retry(batch: MintBatchRecord, error: string, options?: { immediately?: boolean }): Promise<void>
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

    async confirm(batch, txHash, blockNumber) {
      const { jobIds } = await rt.fenced((tx) =>
        tx.mint.confirmBatch({ batchId: batch.batchId, txHash, blockNumber, now: rt.now() }),
      )
      if (jobIds.length > 0) {
        rt.stats.batchesConfirmed++
        rt.stats.jobsConfirmed += jobIds.length
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
      await rt.fenced((tx) =>
        tx.mint.scheduleRetry({ batchId: batch.batchId, error, nextAttemptAt: rt.now() + delay, now: rt.now() }),
      )
    },
  }
  return rt
}
