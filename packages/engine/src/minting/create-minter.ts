import { randomBytes } from 'node:crypto'
import type { EngineContext } from '../context'
import { ConfigError } from '../errors/common-errors'
import { isLoyaltyError } from '../errors/loyalty-error'
import type { MintBatchRecord, MintJobRecord } from '../ports/mint-store'
import { leaseHolderId } from '../signers/lease-holder'
import { LeaseLostError } from '../signers/lease-lost-error'
import { runSignerLoop } from '../signers/run-signer-loop'
import { createSignerLease } from '../signers/signer-lease'
import { delay } from '../workers/delay'
import { waitUntilDrained } from '../workers/wait-until-drained'
import { createWorkerLoop } from '../workers/worker-loop'
import { checkBatch } from './check-batch'
import { minterLeaseName } from './minter-lease-name'
import { type MinterOptions, resolveMinterOptions } from './minter-options'
import { createMinterRuntime, type MinterRuntime, type MinterStats } from './minter-runtime'
import { type SendBatchResult, sendBatch } from './send-batch'
import { signBatch } from './sign-batch'

export type Minter = {
  /** Starts the loop (idempotent). It acquires the signer's lease, recovers, then drains jobs. */
  start(): void
  /** Finishes the current step, releases the lease and resolves. */
  stop(): Promise<void>
  /** Look for work now (enqueuers in this process call it through `waitForMint`). */
  wake(): void
  /** Resolves once no job is pending or batched (tests, benchmarks, shutdown); rejects on timeout. */
  drain(options?: { timeoutMs?: number }): Promise<void>
  readonly leaseName: string
  stats(): MinterStats
}

/**
 * The minter service: drains pending mint jobs into `mintBatch` transactions of one signer. Only
 * one minter per signer works at a time across processes (a fenced lease in storage); the others
 * wait and take over when the holder's lease expires. See docs/minting.md.
 *
 * Loop: renew the lease · check signed batches (receipts, re-broadcasts, replacements) · re-sign
 * batches whose retry is due · claim new jobs into batches while fewer than `maxInFlight` batches are
 * open · sleep until woken or `pollIntervalMs`.
 */
export function createMinter(ctx: EngineContext, options: MinterOptions = {}): Minter {
  const chain = ctx.chain
  if (!chain) throw new ConfigError('the minter needs a chain (EngineContext.chain is undefined)')
  const resolved = resolveMinterOptions(chain, options)
  const leaseName = minterLeaseName(chain.chainId, resolved.signer.address)
  const logger = ctx.logger.child({ component: 'minter', signer: resolved.signer.address })
  const stats: MinterStats = {
    leaseHeld: false,
    batchesSigned: 0,
    batchesConfirmed: 0,
    jobsConfirmed: 0,
    broadcasts: 0,
    retries: 0,
    lastError: null,
  }
  const lease = createSignerLease({
    storage: ctx.storage,
    clock: ctx.clock,
    logger,
    name: leaseName,
    holder: leaseHolderId({ hold: chain.exclusiveHold, id: resolved.holderId ?? ctx.ids.uuid() }),
    ttlMs: resolved.leaseTtlMs,
    exclusiveHold: chain.exclusiveHold,
  })
  const rt: MinterRuntime = createMinterRuntime({ ctx, chain, options: resolved, logger, lease, stats })
  const openScope = { chainId: chain.chainId, signer: rt.scope.address }
  const chainId = chain.chainId

  let claimsPausedUntil = 0
  const checkAt = new Map<string, number>()

  const worker = createWorkerLoop({
    run: () =>
      runSignerLoop({
        worker,
        lease,
        ttlMs: resolved.leaseTtlMs,
        logger,
        recover,
        step: loopStep,
        backoff: { baseMs: resolved.retryBaseMs, maxMs: resolved.retryMaxMs },
        onError: (message) => {
          stats.lastError = message
        },
      }),
    subscribe: (wake) => rt.signals.onWake(wake),
    afterStop: () => lease.release(),
  })
  const { wake } = worker

  /** After taking the lease: align nonces with the chain; every open batch gets checked first. */
  async function recover() {
    const pending = await rt.client.getTransactionCount({ address: rt.signerAddress, blockTag: 'pending' })
    const { next } = await rt.fenced((tx) => tx.nonces.resync({ ...rt.scope, chainNonce: pending }))
    const open = await ctx.storage.mint.listOpenBatches(openScope)
    checkAt.clear()
    logger.info({ chainNonce: pending, storedNonce: next, openBatches: open.length }, 'minter recovered')
  }

  /** Set when a node answered "nonce too high": a lower nonce waits for a retry; do retries now. */
  let gapSeen = false

  function due(batch: MintBatchRecord, now: number) {
    if (batch.status === 'signed') return (checkAt.get(batch.batchId) ?? 0) <= now
    return gapSeen || batch.nextAttemptAt <= now
  }

  function after(batch: MintBatchRecord, result: SendBatchResult) {
    if (result.outcome === 'settled') checkAt.delete(batch.batchId)
    else {
      const delay = result.outcome === 'sent' ? resolved.receiptPollMs : Math.min(resolved.retryMaxMs, 1_000)
      checkAt.set(batch.batchId, rt.now() + delay)
      if (result.outcome === 'later') {
        if (result.reason.startsWith('nonce_too_high')) gapSeen = true
        logger.debug({ batchId: batch.batchId, reason: result.reason }, 'broadcast later')
      }
    }
  }

  /** Sends (and on the embedded chain settles) batches in the background while the loop signs the next ones. */
  const sending = new Map<string, Promise<void>>()
  let taskError: unknown

  /**
   * Signs a batch (awaited: nonces are reserved and transactions stored in order), then sends it in
   * the background, or inline when `inline`. Sends start in signing order, so in nonce order.
   */
  async function signAndSend(batch: MintBatchRecord, options: { jobs?: MintJobRecord[]; inline?: boolean } = {}) {
    let signed: Awaited<ReturnType<typeof signBatch>>
    try {
      signed = await signBatch(rt, batch, options.jobs ? { jobs: options.jobs } : {})
    } catch (error) {
      if (error instanceof LeaseLostError || !isLoyaltyError(error)) throw error
      // Refused before signing (a gas cap, …): nothing was signed or sent; try the batch later.
      await rt.retry(batch, error.message)
      if (error.code === 'GAS_PRICE_CAP_EXCEEDED') claimsPausedUntil = rt.now() + resolved.retryBaseMs * 4
      return
    }
    if (signed.outcome !== 'signed') return
    const tx = signed.tx
    const send = async () => after(batch, await sendBatch(rt, { ...batch, status: 'signed', txHash: tx.txHash }, tx))
    if (options.inline) return send()
    const task = send()
      .catch((error: unknown) => {
        taskError ??= error
      })
      .finally(() => sending.delete(batch.batchId))
    sending.set(batch.batchId, task)
  }

  /** Rethrows the first error of a background send (LeaseLostError included) into the loop. */
  function surfaceTaskError() {
    if (taskError === undefined) return
    const error = taskError
    taskError = undefined
    throw error
  }

  /** One pass over the work; answers whether anything was done. */
  async function step(): Promise<boolean> {
    let worked = false
    try {
      const open = await ctx.storage.mint.listOpenBatches(openScope)
      const now = rt.now()
      const closingGap = gapSeen
      for (const batch of open) {
        if (worker.stopping) return worked
        if (sending.has(batch.batchId) || !due(batch, now)) continue
        worked = true
        if (batch.status === 'signed') after(batch, await checkBatch(rt, batch))
        else await signAndSend(batch, { inline: true })
      }
      if (closingGap) gapSeen = false
      while (!worker.stopping && rt.now() >= claimsPausedUntil) {
        surfaceTaskError()
        const inFlight = (await ctx.storage.mint.listOpenBatches(openScope)).length
        if (inFlight >= resolved.maxInFlight) {
          if (sending.size === 0) break
          await Promise.race(sending.values())
          continue
        }
        try {
          await rt.fees()
        } catch (error) {
          if (!isLoyaltyError(error)) throw error
          stats.lastError = error.message
          logger.warn({ error: error.message }, 'fees over the cap: minting paused')
          claimsPausedUntil = rt.now() + resolved.retryBaseMs * 4
          break
        }
        const batchId = `0x${randomBytes(32).toString('hex')}`
        const jobs = await rt.fenced((tx) =>
          tx.mint.claimJobs({
            batchId,
            chainId,
            signer: rt.scope.address,
            limit: resolved.maxBatchSize,
            now: rt.now(),
          }),
        )
        if (jobs.length === 0) break
        ctx.observer?.observe({ type: 'mint.batch_claimed', jobs: jobs.length })
        const batch = await ctx.storage.mint.getBatch(batchId)
        if (!batch) throw new Error(`batch ${batchId} vanished after claim`)
        worked = true
        await signAndSend(batch, { jobs })
        if (jobs.length < resolved.maxBatchSize) break
      }
    } finally {
      await Promise.allSettled(sending.values())
    }
    surfaceTaskError()
    return worked
  }

  let wasIdle = true

  /** One turn of the loop: after an idle spell, the group-commit window; answers how long to sleep. */
  async function loopStep(): Promise<number | undefined> {
    if (wasIdle && resolved.batchWindowMs > 0) await delay(resolved.batchWindowMs)
    const worked = await step()
    wasIdle = !worked
    return worked ? undefined : nextWake()
  }

  function nextWake() {
    let wait = resolved.pollIntervalMs
    const now = rt.now()
    for (const at of checkAt.values()) wait = Math.min(wait, Math.max(0, at - now))
    return wait
  }

  return {
    leaseName,
    start: worker.start,
    stop: worker.stop,
    wake,
    drain: ({ timeoutMs = 60_000 } = {}) =>
      waitUntilDrained({
        what: 'minter',
        clock: ctx.clock,
        timeoutMs,
        pollMs: 50,
        wake,
        async remaining() {
          const counts = await ctx.storage.mint.countJobs(['pending', 'batched'])
          if (counts.pending === 0 && counts.batched === 0) return undefined
          return `${counts.pending} pending, ${counts.batched} batched`
        },
      }),
    stats: () => ({ ...stats, leaseHeld: lease.held }),
  }
}
