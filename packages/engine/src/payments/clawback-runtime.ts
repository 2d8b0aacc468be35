import type { LocalAccount } from 'viem'
import type { EngineContext } from '../context'
import type { ChainPort, GasCaps } from '../ports/chain'
import type { Logger } from '../ports/logger'
import type { RefundClawbackRecord } from '../ports/payment-store'
import type { Stores } from '../ports/storage'
import type { SignerLease } from '../signers/signer-lease'
import { createSignerRuntime, type SignerRuntime } from '../signers/signer-runtime'
import { backoffDelay } from '../workers/backoff-delay'

export type ClawbackWorkerStats = {
  leaseHeld: boolean
  transactionsSigned: number
  clawbacksConfirmed: number
  /** Stuck clawback transactions replaced with higher fees. */
  transactionsReplaced: number
  /** Clawbacks that could not burn everything (the user had spent tokens). */
  shortfalls: number
  retries: number
  lastError: string | null
}

/** What the clawback steps share: the signer, its lease, options, counters. */
export type ClawbackRuntime = SignerRuntime & {
  ctx: EngineContext
  gas: bigint
  receiptPollMs: number
  /** A signed clawback still unmined this long is replaced with higher fees (same nonce). */
  replaceAfterMs: number
  retryBaseMs: number
  retryMaxMs: number
  stats: ClawbackWorkerStats
  lease: SignerLease
  /** Runs `fn` in one transaction that first proves (and renews) the lease; throws LeaseLostError otherwise. */
  fenced<T>(fn: (tx: Stores) => Promise<T>): Promise<T>
  /** Try the clawback again later (exponential backoff with jitter by attempts); `resign` forgets its transaction. */
  retry(r: RefundClawbackRecord, error: string, options?: { resign?: boolean; delayMs?: number }): Promise<void>
}

export function createClawbackRuntime(p: {
  ctx: EngineContext
  chain: ChainPort
  signer: LocalAccount
  gas: bigint
  gasCaps: GasCaps
  receiptPollMs: number
  replaceAfterMs: number
  retryBaseMs: number
  retryMaxMs: number
  logger: Logger
  stats: ClawbackWorkerStats
  lease: SignerLease
}): ClawbackRuntime {
  const { ctx, lease } = p
  const rt: ClawbackRuntime = {
    ...createSignerRuntime({ ctx, chain: p.chain, signer: p.signer, caps: p.gasCaps, logger: p.logger }),
    ctx,
    gas: p.gas,
    receiptPollMs: p.receiptPollMs,
    replaceAfterMs: p.replaceAfterMs,
    retryBaseMs: p.retryBaseMs,
    retryMaxMs: p.retryMaxMs,
    stats: p.stats,
    lease,
    fenced: (fn) => lease.fenced(fn),

    async retry(r, error, options = {}) {
      const attempt = Math.max(1, r.attempts)
      const delay = options.delayMs ?? backoffDelay(attempt, { baseMs: rt.retryBaseMs, maxMs: rt.retryMaxMs })
      rt.stats.retries++
      rt.stats.lastError = error
      rt.logger.warn({ refundId: r.refundId, retryInMs: Math.round(delay), error }, 'clawback will be retried')
      await rt.fenced((tx) =>
        tx.payments.scheduleClawbackRetry({
          refundId: r.refundId,
          error,
          nextAttemptAt: rt.now() + delay,
          resign: options.resign ?? false,
          now: rt.now(),
        }),
      )
    },
  }
  return rt
}
