import type { LocalAccount } from 'viem'
import type { EngineContext } from '../context'
import { ConfigError } from '../errors/common-errors'
import type { GasCaps } from '../ports/chain'
import { leaseHolderId } from '../signers/lease-holder'
import { runSignerLoop } from '../signers/run-signer-loop'
import { createSignerLease } from '../signers/signer-lease'
import { waitUntilDrained } from '../workers/wait-until-drained'
import { createWorkerLoop } from '../workers/worker-loop'
import { attachAwaitingRefunds } from './attach-awaiting-refunds'
import { type ClawbackRuntime, type ClawbackWorkerStats, createClawbackRuntime } from './clawback-runtime'
import { onClawbackWork } from './clawback-signals'
import { checkClawback, signClawback } from './clawback-transaction'

export type ClawbackWorkerOptions = {
  /** Account that signs `clawback` (holds CLAWBACK_ROLE). Default `ctx.chain.relayer`, which deployContracts grants it. */
  signer?: LocalAccount
  /** Idle poll of storage for refunds recorded by other processes. Default 1000 ms. */
  pollIntervalMs?: number
  /** Receipt poll of a broadcast clawback. Default 50 ms (embedded chain), 2000 ms (RPC). */
  receiptPollMs?: number
  /** Lease duration (one worker per signer across processes). Default 15000 ms. */
  leaseTtlMs?: number
  /** Gas limit of a clawback transaction. Default 150,000. */
  gas?: bigint
  /** Signing caps. Default `ctx.chain.gasCaps`. */
  gasCaps?: GasCaps
  /** A clawback transaction still unmined this long is replaced with 12.5 % higher fees. Default 120000 ms. */
  replaceAfterMs?: number
  /** First retry delay of a failed clawback; doubles up to `retryMaxMs`. Defaults 1000 / 60000 ms. */
  retryBaseMs?: number
  retryMaxMs?: number
  /** Identifies this worker in the lease row, as `<hostname>:<pid>:<hold>:<holderId>` (`leaseHolderId`). Default a uuid. */
  holderId?: string
}

export type ClawbackWorker = {
  /** Starts the loop (idempotent): acquires the lease, resyncs the signer's nonces, then works. */
  start(): void
  /** Finishes the current step, releases the lease and resolves. */
  stop(): Promise<void>
  wake(): void
  /** Resolves once no clawback is pending or signed (tests, shutdown); rejects on timeout. */
  drain(options?: { timeoutMs?: number }): Promise<void>
  stats(): ClawbackWorkerStats
}

/**
 * The refund clawback service: attaches refunds that overtook their payment, then burns each due
 * clawback from its custodial wallet once the payment's mint is confirmed (`signClawback`,
 * `checkClawback`). Durable: every signed transaction is stored before it is broadcast and followed
 * until its receipt, after a crash too. One worker per signer at a time (a fenced lease); nonces come
 * from the NonceStore, shared with any other user of the signer. See docs/payments.md.
 */
export function createClawbackWorker(ctx: EngineContext, options: ClawbackWorkerOptions = {}): ClawbackWorker {
  const chain = ctx.chain
  if (!chain) throw new ConfigError('the clawback worker needs a chain (EngineContext.chain is undefined)')
  const signer = options.signer ?? chain.relayer
  const embedded = chain.kind === 'embedded'
  const stats: ClawbackWorkerStats = {
    leaseHeld: false,
    transactionsSigned: 0,
    clawbacksConfirmed: 0,
    transactionsReplaced: 0,
    shortfalls: 0,
    retries: 0,
    lastError: null,
  }
  const pollIntervalMs = options.pollIntervalMs ?? 1_000
  const logger = ctx.logger.child({ component: 'clawback-worker', signer: signer.address })
  const leaseTtlMs = options.leaseTtlMs ?? 15_000
  const lease = createSignerLease({
    storage: ctx.storage,
    clock: ctx.clock,
    logger,
    name: `clawback:${chain.chainId}:${signer.address.toLowerCase()}`,
    holder: leaseHolderId({ hold: chain.exclusiveHold, id: options.holderId ?? ctx.ids.uuid() }),
    ttlMs: leaseTtlMs,
    exclusiveHold: chain.exclusiveHold,
  })
  const rt: ClawbackRuntime = createClawbackRuntime({
    ctx,
    chain,
    signer,
    gas: options.gas ?? 150_000n,
    gasCaps: options.gasCaps ?? chain.gasCaps,
    receiptPollMs: options.receiptPollMs ?? (embedded ? 50 : 2_000),
    replaceAfterMs: options.replaceAfterMs ?? 120_000,
    retryBaseMs: options.retryBaseMs ?? 1_000,
    retryMaxMs: options.retryMaxMs ?? 60_000,
    logger,
    stats,
    lease,
  })

  const worker = createWorkerLoop({
    run: () =>
      runSignerLoop({
        worker,
        lease,
        ttlMs: leaseTtlMs,
        logger,
        recover,
        step: async () => ((await step()) ? undefined : pollIntervalMs),
        backoff: { baseMs: rt.retryBaseMs, maxMs: rt.retryMaxMs },
        onError: (message) => {
          stats.lastError = message
        },
      }),
    subscribe: (wake) => onClawbackWork(ctx.storage, wake),
    afterStop: () => lease.release(),
  })
  const { wake } = worker

  /** After taking the lease: align the signer's nonces with the chain. */
  async function recover() {
    const pending = await rt.client.getTransactionCount({ address: rt.signerAddress, blockTag: 'pending' })
    await rt.fenced((tx) => tx.nonces.resync({ ...rt.scope, chainNonce: pending }))
    logger.info({ lease: lease.name, chainNonce: pending }, 'clawback worker recovered')
  }

  /** One pass; answers whether anything was done. */
  async function step(): Promise<boolean> {
    const attached = await attachAwaitingRefunds(ctx)
    const due = await ctx.storage.payments.listDueClawbacks({ now: rt.now(), limit: 20 })
    for (const r of due) {
      if (worker.stopping) break
      if (r.status === 'signed') await checkClawback(rt, r)
      else await signClawback(rt, r)
    }
    return attached > 0 || due.length > 0
  }

  return {
    start: worker.start,
    stop: worker.stop,
    wake,
    drain: ({ timeoutMs = 60_000 } = {}) =>
      waitUntilDrained({
        what: 'clawback',
        clock: ctx.clock,
        timeoutMs,
        pollMs: 20,
        wake,
        async remaining() {
          const counts = await ctx.storage.payments.countRefunds()
          if (counts.pending === 0 && counts.signed === 0) return undefined
          return `${counts.pending} pending, ${counts.signed} signed`
        },
      }),
    stats: () => ({ ...stats, leaseHeld: lease.held }),
  }
}
