import type { Address, LocalAccount, PublicClient } from 'viem'
import type { EngineContext } from '../context'
import { LeaseLostError } from '../minting/minter-runtime'
import type { ChainPort, GasCaps } from '../ports/chain'
import type { Logger } from '../ports/logger'
import type { NonceScope } from '../ports/nonce-store'
import type { RefundClawbackRecord } from '../ports/payment-store'
import type { Stores } from '../ports/storage'

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

/** What the clawback steps share: chain, signer, lease fence, options, counters. */
export type ClawbackRuntime = {
  ctx: EngineContext
  chain: ChainPort
  client: PublicClient
  signer: LocalAccount
  signerAddress: Address
  scope: NonceScope
  gas: bigint
  gasCaps: GasCaps
  receiptPollMs: number
  /** A signed clawback still unmined this long is replaced with higher fees (same nonce). */
  replaceAfterMs: number
  retryBaseMs: number
  retryMaxMs: number
  logger: Logger
  stats: ClawbackWorkerStats
  lease: { name: string; holder: string; ttlMs: number; fence: number }
  now(): number
  /** Runs `fn` in one transaction that first proves (and renews) the lease; throws LeaseLostError otherwise. */
  fenced<T>(fn: (tx: Stores) => Promise<T>): Promise<T>
  /** Try the clawback again later (exponential backoff by attempts); `resign` forgets its transaction. */
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
  lease: { name: string; holder: string; ttlMs: number }
}): ClawbackRuntime {
  const { ctx } = p
  const rt: ClawbackRuntime = {
    ctx,
    chain: p.chain,
    client: p.chain.publicClient,
    signer: p.signer,
    signerAddress: p.signer.address,
    scope: { chainId: p.chain.chainId, address: p.signer.address.toLowerCase() },
    gas: p.gas,
    gasCaps: p.gasCaps,
    receiptPollMs: p.receiptPollMs,
    replaceAfterMs: p.replaceAfterMs,
    retryBaseMs: p.retryBaseMs,
    retryMaxMs: p.retryMaxMs,
    logger: p.logger,
    stats: p.stats,
    lease: { ...p.lease, fence: 0 },
    now: () => ctx.clock.now(),

    fenced(fn) {
      return ctx.storage.transaction(async (tx) => {
        const held = await tx.leases.renew({
          name: rt.lease.name,
          holder: rt.lease.holder,
          fence: rt.lease.fence,
          ttlMs: rt.lease.ttlMs,
          now: rt.now(),
        })
        if (!held) throw new LeaseLostError(rt.lease.name)
        return fn(tx)
      })
    },

    async retry(r, error, options = {}) {
      const attempt = Math.max(1, r.attempts)
      const delay =
        options.delayMs ??
        Math.min(rt.retryMaxMs, rt.retryBaseMs * 2 ** Math.min(attempt - 1, 20)) * (0.75 + Math.random() / 2)
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
