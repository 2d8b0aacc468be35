import type { Address, Hash, LocalAccount, PublicClient } from 'viem'
import { type Eip1559Fees, feesWithinCaps } from '../chain/fees-within-caps'
import type { EngineContext } from '../context'
import { LoyaltyError } from '../errors/loyalty-error'
import type { ChainPort } from '../ports/chain'
import type { Logger } from '../ports/logger'
import type { MintBatchRecord } from '../ports/mint-store'
import type { NonceScope } from '../ports/nonce-store'
import type { Stores } from '../ports/storage'
import { type MintSignals, mintSignals } from './mint-signals'
import type { ResolvedMinterOptions } from './minter-options'

/** The minter's lease was taken over: whatever it was writing is rolled back. */
export class LeaseLostError extends LoyaltyError {
  override name = 'LeaseLostError'
  constructor(lease: string) {
    super(`lease ${lease} was lost`, { code: 'LEASE_LOST', category: 'conflict', details: { lease } })
  }
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

/** What the batch steps of one minter share (lease, options, fee cache, counters). */
export type MinterRuntime = {
  ctx: EngineContext
  chain: ChainPort
  client: PublicClient
  signer: LocalAccount
  signerAddress: Address
  scope: NonceScope
  options: ResolvedMinterOptions
  logger: Logger
  signals: MintSignals
  leaseName: string
  fence: number
  stats: MinterStats
  now(): number
  /** Runs `fn` in one transaction that first proves (and renews) the lease; throws LeaseLostError otherwise. */
  fenced<T>(fn: (tx: Stores) => Promise<T>): Promise<T>
  /** EIP-1559 fees within the caps, cached for a second. Throws GasCapExceededError. */
  fees(): Promise<Eip1559Fees>
  /** Forget the cached fees (a node said they are too low). */
  invalidateFees(): void
  /** Marks a batch and its jobs confirmed and signals waiters. */
  confirm(batch: MintBatchRecord, txHash: Hash, blockNumber: number): Promise<void>
  /** Schedules a new transaction for the batch after an exponential backoff. */
  retry(batch: MintBatchRecord, error: string, options?: { immediately?: boolean }): Promise<void>
}

export function createMinterRuntime(p: {
  ctx: EngineContext
  chain: ChainPort
  options: ResolvedMinterOptions
  logger: Logger
  leaseName: string
  stats: MinterStats
}): MinterRuntime {
  const { ctx, chain, options } = p
  const signerAddress = options.signer.address
  let feeCache: { at: number; fees: Eip1559Fees } | undefined

  const rt: MinterRuntime = {
    ctx,
    chain,
    client: chain.publicClient,
    signer: options.signer,
    signerAddress,
    scope: { chainId: chain.chainId, address: signerAddress.toLowerCase() },
    options,
    logger: p.logger,
    signals: mintSignals(ctx.storage),
    leaseName: p.leaseName,
    fence: 0,
    stats: p.stats,
    now: () => ctx.clock.now(),

    fenced(fn) {
      return ctx.storage.transaction(async (tx) => {
        const held = await tx.leases.renew({
          name: rt.leaseName,
          holder: options.holderId,
          fence: rt.fence,
          ttlMs: options.leaseTtlMs,
          now: rt.now(),
        })
        if (!held) throw new LeaseLostError(rt.leaseName)
        return fn(tx)
      })
    },

    async fees() {
      const now = Date.now()
      if (feeCache && now - feeCache.at < 1_000) return feeCache.fees
      const fees = await feesWithinCaps(rt.client, options.gasCaps)
      feeCache = { at: now, fees }
      return fees
    },

    invalidateFees() {
      feeCache = undefined
    },

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
        : Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.min(attempt - 1, 20)) *
          (0.75 + Math.random() / 2)
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
