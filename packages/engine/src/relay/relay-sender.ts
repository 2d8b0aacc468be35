import type { Address } from 'viem'
import type { ChainPort, GasCaps } from '../ports/chain'
import { createSignerRuntime, type SignerDeps } from '../signers/signer-runtime'
import { waitUntilDrained } from '../workers/wait-until-drained'
import { RelayUnavailableError } from './relay-errors'
import { createRelayGroupLoop } from './relay-group-loop'
import { RELAY_MAX_FEE_PER_GAS, RELAY_MAX_GAS_LIMIT } from './relay-options'
import type { RelaySenderRuntime, RelaySenderStats, RelayTxIntent, RelayTxOutcome } from './relay-sender-runtime'

export type { RelaySenderStats, RelayTxIntent, RelayTxOutcome } from './relay-sender-runtime'

export type RelaySendOptions = {
  /** RPC chains: how long the caller waits for the receipt; default 60000 ms. */
  receiptTimeoutMs?: number
  /** RPC chains: a transaction still unmined after this long is replaced with higher fees; default 30000 ms. */
  replaceAfterMs?: number
}

export type RelaySender = {
  readonly address: Address
  /**
   * Recovers, in the background, what an earlier process stored and never settled (re-broadcasts,
   * settles, releases nonces), so that a restart finishes a crashed process's work without waiting
   * for the first relay. Idempotent. `send` works without it (the first group recovers then).
   */
  start(): void
  /** Signs (nonce from the NonceStore), stores, broadcasts and waits for the receipt. */
  send(intent: RelayTxIntent, options?: RelaySendOptions): Promise<RelayTxOutcome>
  /** Resolves once nothing is queued, signed or broadcasting, or waiting for its receipt; rejects on timeout. */
  drain(options?: { timeoutMs?: number }): Promise<void>
  /**
   * Refuses new sends (503 RELAY_SENDER_STOPPED), lets the groups under way finish and ends the
   * receipt tracking (those requests answer 503 RELAY_RECEIPT_TIMEOUT; their stored transactions
   * are recovered by the next start). Call `drain` first for a clean shutdown.
   */
  stop(): Promise<void>
  stats(): RelaySenderStats
}

const smaller = (a: bigint, b: bigint) => (a < b ? a : b)

/**
 * The relayer account's transaction pipeline, shared by every relay of a process; the runtime that
 * opens the chain creates it, starts it, drains and stops it at shutdown, and hands it to the
 * operations as `ctx.relaySender`. Requests are signed in groups (group commit, `createRelayGroupLoop`)
 * within the relayer caps (100 gwei, 1,000,000 gas), stored, then broadcast in nonce order; refusals
 * are classified (`handleRelayRefusal`); receipts are settled with their gas per user and brand
 * (`settleRelayReceipts`), polled on RPC chains with stuck transactions replaced (`trackRelayReceipt`);
 * stored transactions never settled are recovered at start and after trouble
 * (`recoverRelayTransactions`). Several processes may send for the same account: nonces come from storage.
 */
export function createRelaySender(ctx: SignerDeps, chain: ChainPort): RelaySender {
  const caps: GasCaps = {
    maxFeePerGas: smaller(chain.gasCaps.maxFeePerGas, RELAY_MAX_FEE_PER_GAS),
    maxGas: smaller(chain.gasCaps.maxGas, BigInt(RELAY_MAX_GAS_LIMIT)),
  }
  const logger = ctx.logger.child({ component: 'relay-sender', signer: chain.relayer.address })
  const rt: RelaySenderRuntime = {
    ...createSignerRuntime({ ctx, chain, signer: chain.relayer, caps, logger }),
    stats: { groups: 0, largestGroup: 0, sent: 0, requeued: 0, failed: 0, recoveries: 0, replaced: 0 },
    needsRecovery: true,
    fillGaps: false,
    stopping: false,
    async drop(tx, record, error, release) {
      await tx.relay.dropTransaction({ txHash: record.txHash, error, now: rt.now() })
      if (release) await tx.nonces.release({ ...rt.scope, nonce: record.nonce })
    },
  }
  const loop = createRelayGroupLoop(rt)
  let started = false

  return {
    address: chain.relayer.address,
    start() {
      if (started || rt.stopping) return
      started = true
      loop.recoverWhenIdle()
    },
    send(intent, options = {}) {
      if (rt.stopping) {
        return Promise.reject(
          new RelayUnavailableError('The relayer is shutting down; try again', 'RELAY_SENDER_STOPPED', {}),
        )
      }
      return new Promise<RelayTxOutcome>((resolve, reject) => {
        loop.enqueue({
          intent,
          receiptTimeoutMs: options.receiptTimeoutMs ?? 60_000,
          replaceAfterMs: options.replaceAfterMs ?? 30_000,
          attempts: 0,
          resolve,
          reject,
        })
      })
    },
    drain: ({ timeoutMs = 60_000 } = {}) =>
      waitUntilDrained({
        what: 'relay sender',
        clock: ctx.clock,
        timeoutMs,
        pollMs: 20,
        async remaining() {
          const { queued, running, tracked } = loop.busy()
          if (queued === 0 && !running && tracked === 0) return undefined
          return `${queued} queued, ${tracked} awaiting receipts${running ? ', a group under way' : ''}`
        },
      }),
    async stop() {
      rt.stopping = true
      await loop.settled()
    },
    stats: () => ({ ...rt.stats }),
  }
}
