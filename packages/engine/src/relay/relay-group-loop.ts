import type { Hash, TransactionReceipt } from 'viem'
import { isLoyaltyError } from '../errors/loyalty-error'
import { delay } from '../workers/delay'
import { broadcastRelayGroup, type SentRelay } from './broadcast-relay-transactions'
import { handleRelayRefusal } from './handle-relay-refusal'
import { recoverRelayTransactions } from './recover-relay-transactions'
import { RelayUnavailableError } from './relay-errors'
import type { PendingRelay, RelaySenderRuntime, SignedRelay } from './relay-sender-runtime'
import { settleRelayReceipts } from './settle-relay-receipts'
import { signRelayGroup } from './sign-relay-group'
import { trackRelayReceipt } from './track-relay-receipt'

/** Largest group signed in one storage transaction. */
const MAX_GROUP = 64
/**
 * When nothing is being broadcast, the loop waits this long before taking a group, so that requests
 * arriving together share one (fewer storage transactions and chain calls per transaction).
 */
const LINGER_MS = 2
/** A request is re-signed at most this many times after nonce trouble. */
const MAX_ATTEMPTS = 4

export type RelayGroupLoop = {
  /** Queues a request and makes sure the loop runs. */
  enqueue(item: PendingRelay): void
  /** Runs the recovery once the loop has nothing else to do (a start). */
  recoverWhenIdle(): void
  /** Requests queued, the loop running, receipts tracked: what `drain` waits for. */
  busy(): { queued: number; running: boolean; tracked: number }
  /** Resolves once the loop has ended (nothing queued, nothing broadcasting) and no receipt is tracked. */
  settled(): Promise<void>
}

/**
 * The group-commit loop of a relay sender. Requests queue; the loop takes them in groups: one
 * storage transaction reserves their nonces, they are signed and stored (`signRelayGroup`), then
 * broadcast in nonce order (an automining chain refuses a nonce gap) and their receipts settled.
 * Groups are signed while the previous group is being broadcast (a pipeline of depth one; broadcasts
 * stay in nonce order because each waits for the one before). Recovery runs with no broadcast in
 * flight. The loop runs while there is work and ends when there is none.
 */
export function createRelayGroupLoop(rt: RelaySenderRuntime): RelayGroupLoop {
  const queue: PendingRelay[] = []
  const tracking = new Set<Promise<void>>()
  /** True while the loop runs; set and cleared synchronously, so no request is left in the queue. */
  let active = false
  let loopDone: Promise<void> = Promise.resolve()
  let wakeLoop: (() => void) | undefined
  let recoverIdle = false

  function requeue(items: PendingRelay[]) {
    const again: PendingRelay[] = []
    for (const item of items) {
      item.attempts++
      if (item.attempts >= MAX_ATTEMPTS) {
        rt.stats.failed++
        item.reject(
          new RelayUnavailableError('The relayer could not find a free nonce; try again', 'RELAY_NONCE_CONFLICT', {}),
        )
      } else again.push(item)
    }
    rt.stats.requeued += again.length
    queue.unshift(...again)
  }

  function track(s: SignedRelay) {
    const task = trackRelayReceipt(rt, s).finally(() => tracking.delete(task))
    tracking.add(task)
  }

  /** Broadcasts a stored group in nonce order, handles a refusal, settles the receipts and answers. */
  async function sendGroup(signed: SignedRelay[]): Promise<void> {
    const { sent, failure } = await broadcastRelayGroup(rt, signed)
    rt.stats.sent += sent.length

    if (failure) await handleRelayRefusal(rt, signed, failure, requeue)

    if (rt.chain.kind === 'embedded') {
      // Mined by now (automining, or mined with the group): the receipt came back or is readable.
      const mined = await Promise.all(
        sent.map(async (s) => ({
          s,
          receipt:
            s.receipt ??
            (await rt.client.getTransactionReceipt({ hash: s.record.txHash as Hash }).catch(() => undefined)),
        })),
      )
      const ready = mined.filter((m): m is { s: SentRelay; receipt: TransactionReceipt } => m.receipt !== undefined)
      await settleRelayReceipts(
        rt,
        ready.map((m) => ({ record: m.s.record, receipt: m.receipt })),
      )
      for (const m of ready)
        m.s.item.resolve({ txHash: m.s.record.txHash as Hash, nonce: m.s.record.nonce, receipt: m.receipt })
      for (const m of mined) if (!m.receipt) track(m.s)
    } else {
      await rt.ctx.storage.relay.markSent({ txHashes: sent.map((s) => s.record.txHash), now: rt.now() })
      for (const s of sent) track(s)
    }
  }

  async function recover() {
    await recoverRelayTransactions(rt)
    rt.needsRecovery = false
  }

  async function loop() {
    try {
      await groups()
    } finally {
      active = false
    }
  }

  async function groups() {
    let sending: Promise<void> = Promise.resolve()
    let inFlight = 0
    for (;;) {
      if (queue.length === 0) {
        if (inFlight > 0) {
          // Wait for new requests or for the broadcast in flight to finish.
          await new Promise<void>((resolve) => {
            wakeLoop = resolve
            void sending.then(resolve)
          })
          wakeLoop = undefined
          continue
        }
        if (recoverIdle) {
          recoverIdle = false
          if (rt.needsRecovery) {
            await recover().catch((error: unknown) =>
              rt.logger.warn(
                { error: error instanceof Error ? error.message : String(error) },
                'relayer recovery failed',
              ),
            )
          }
          continue
        }
        break
      }
      // Group commit: with nothing being broadcast, wait a moment for more requests to join.
      if (inFlight === 0 && queue.length < MAX_GROUP) await delay(LINGER_MS)
      const group = queue.splice(0, MAX_GROUP)
      rt.stats.groups++
      if (group.length > rt.stats.largestGroup) rt.stats.largestGroup = group.length
      let signed: SignedRelay[]
      try {
        if (rt.needsRecovery) {
          await sending
          await recover()
        }
        signed = await signRelayGroup(rt, group)
      } catch (error) {
        // Nothing of this group was broadcast (fees, recovery, signing or storage failed).
        if (!isLoyaltyError(error)) rt.needsRecovery = true
        rt.stats.failed += group.length
        rt.logger.error({ error: error instanceof Error ? error.message : String(error) }, 'relayer group failed')
        for (const item of group) item.reject(error)
        continue
      }
      inFlight++
      sending = sending
        .then(() => sendGroup(signed))
        .catch((error: unknown) => {
          rt.needsRecovery = true
          rt.logger.error({ error: error instanceof Error ? error.message : String(error) }, 'relayer broadcast failed')
          for (const s of signed) s.item.reject(error)
        })
        .finally(() => {
          inFlight--
        })
      // At most one signed group waits behind the one being broadcast.
      if (inFlight > 1) await sending
    }
  }

  function run() {
    if (active) return
    active = true
    loopDone = loop()
  }

  return {
    enqueue(item) {
      queue.push(item)
      wakeLoop?.()
      run()
    },
    recoverWhenIdle() {
      recoverIdle = true
      run()
    },
    busy: () => ({ queued: queue.length, running: active, tracked: tracking.size }),
    async settled() {
      while (active || tracking.size > 0) await Promise.allSettled([loopDone, ...tracking])
    },
  }
}
