import type { LocalAccount } from 'viem'
import type { EngineContext } from '../context'
import { ConfigError } from '../errors/common-errors'
import { LeaseLostError } from '../minting/minter-runtime'
import type { GasCaps } from '../ports/chain'
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
  /** Identifies this worker in the lease row. */
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
    lease: {
      name: `clawback:${chain.chainId}:${signer.address.toLowerCase()}`,
      holder: options.holderId ?? `clawback-${process.pid}-${ctx.ids.uuid()}`,
      ttlMs: options.leaseTtlMs ?? 15_000,
    },
  })

  let lastRenew = 0

  const worker = createWorkerLoop({
    run,
    subscribe: (wake) => onClawbackWork(ctx.storage, wake),
    async afterStop() {
      if (!stats.leaseHeld) return
      await ctx.storage.leases
        .release({ name: rt.lease.name, holder: rt.lease.holder, fence: rt.lease.fence })
        .catch(() => undefined)
      stats.leaseHeld = false
    },
  })
  const { wake, sleep: idle } = worker

  async function acquireLease(): Promise<boolean> {
    const result = await ctx.storage.leases.acquire({
      name: rt.lease.name,
      holder: rt.lease.holder,
      ttlMs: rt.lease.ttlMs,
      now: rt.now(),
    })
    if (!result.acquired) return false
    rt.lease.fence = result.fence
    stats.leaseHeld = true
    lastRenew = Date.now()
    const pending = await rt.client.getTransactionCount({ address: rt.signerAddress, blockTag: 'pending' })
    await rt.fenced((tx) => tx.nonces.resync({ ...rt.scope, chainNonce: pending }))
    logger.info({ lease: rt.lease.name, chainNonce: pending }, 'clawback worker lease acquired')
    return true
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

  async function run() {
    let failures = 0
    while (!worker.stopping) {
      try {
        if (!stats.leaseHeld) {
          if (!(await acquireLease())) {
            await idle(Math.min(rt.lease.ttlMs / 3, 2_000))
            continue
          }
        } else if (Date.now() - lastRenew > rt.lease.ttlMs / 3) {
          await rt.fenced(async () => {})
          lastRenew = Date.now()
        }
        const worked = await step()
        failures = 0
        if (worked) lastRenew = Date.now()
        else await idle(pollIntervalMs)
      } catch (error) {
        if (error instanceof LeaseLostError) {
          stats.leaseHeld = false
          logger.warn({ lease: rt.lease.name }, 'clawback worker lease lost; standing by')
          continue
        }
        failures++
        const message = error instanceof Error ? error.message : String(error)
        stats.lastError = message
        logger.error({ error: message, failures }, 'clawback worker step failed')
        await idle(Math.min(rt.retryMaxMs, rt.retryBaseMs * 2 ** Math.min(failures, 10)))
      }
    }
  }

  return {
    start: worker.start,
    stop: worker.stop,
    wake,
    async drain({ timeoutMs = 60_000 } = {}) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const counts = await ctx.storage.payments.countRefunds()
        if (counts.pending === 0 && counts.signed === 0) return
        if (Date.now() > deadline) {
          throw new Error(`clawback drain timed out: ${counts.pending} pending, ${counts.signed} signed`)
        }
        wake()
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    stats: () => ({ ...stats }),
  }
}
