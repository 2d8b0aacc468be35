import type { Clock } from '../ports/clock'
import type { Logger } from '../ports/logger'
import type { Storage, Stores } from '../ports/storage'
import { leaseHoldOf } from './lease-holder'
import { LeaseLostError } from './lease-lost-error'

/**
 * The fenced lease that makes one worker at a time sign for an account across processes (the
 * minter's `minter:<chainId>:<signer>`, the clawback worker's `clawback:<chainId>:<signer>`).
 * Every write of the holder runs in `fenced`, which first renews the lease with its fence: once
 * someone else took the lease over, that renewal fails and the writes roll back (LeaseLostError).
 */
export type SignerLease = {
  readonly name: string
  readonly holder: string
  /** Whether this worker holds the lease (false before `acquire`, after a loss and after `release`). */
  readonly held: boolean
  readonly fence: number
  /**
   * Takes the lease when it is free or expired, or at once from a holder that is certainly gone (see
   * `exclusiveHold`); otherwise answers false and logs, once per holder, whom it waits for and until
   * when. Never throws for a held lease: the worker stands by and tries again.
   */
  acquire(): Promise<boolean>
  /** Runs `fn` in one transaction that first proves (and renews) the lease; throws LeaseLostError otherwise. */
  fenced<T>(fn: (tx: Stores) => Promise<T>): Promise<T>
  /** Renews the lease (an empty fenced transaction) when nothing renewed it for `ttlMs / 3`. */
  renewIfDue(): Promise<void>
  /** Lets the lease go at once (expires it) when held. Never throws. */
  release(): Promise<void>
}

export function createSignerLease(p: {
  storage: Storage
  clock: Clock
  logger: Logger
  name: string
  /** A `leaseHolderId` made under `exclusiveHold`. */
  holder: string
  ttlMs: number
  /**
   * The chain's `exclusiveHold`: this process runs the chain alone (the embedded chain under its
   * OS lock), so no other live process can sign on it, and a holder of this lease made under any
   * other hold (an earlier start of the chain, an older version) is gone: its lease is taken over
   * at once instead of waited for.
   */
  exclusiveHold?: string | undefined
}): SignerLease {
  const { storage, clock, logger, name, holder, ttlMs, exclusiveHold } = p
  let held = false
  let fence = 0
  let lastRenew = 0
  /** The holder this worker last logged that it waits for (logged once per holder). */
  let waitingFor: string | undefined

  const lease: SignerLease = {
    name,
    holder,
    get held() {
      return held
    },
    get fence() {
      return fence
    },

    async acquire() {
      const request = { name, holder, ttlMs }
      let result = await storage.leases.acquire({ ...request, now: clock.now() })
      if (!result.acquired && exclusiveHold !== undefined && leaseHoldOf(result.holder) !== exclusiveHold) {
        // Its holder signed under another start of this chain, which only one process runs: it is
        // gone. Take over at once, by acquiring "as of" its expiry (still a compare-and-set on the fence).
        logger.warn(
          { lease: name, previousHolder: result.holder },
          'taking over the lease of a holder that is gone (this process runs the chain alone)',
        )
        result = await storage.leases.acquire({ ...request, now: Math.max(clock.now(), result.expiresAt) })
      }
      if (!result.acquired) {
        if (waitingFor !== result.holder) {
          waitingFor = result.holder
          const waitMs = Math.max(0, result.expiresAt - clock.now())
          logger.info(
            { lease: name, holder: result.holder, expiresAt: new Date(result.expiresAt).toISOString(), waitMs },
            `lease held by another worker: standing by; it is ours once it expires (in ${waitMs} ms) unless renewed`,
          )
        }
        return false
      }
      waitingFor = undefined
      fence = result.fence
      held = true
      lastRenew = clock.now()
      logger.info({ lease: name, fence }, 'lease acquired')
      return true
    },

    async fenced(fn) {
      let renewed = false
      try {
        const result = await storage.transaction(async (tx) => {
          renewed = await tx.leases.renew({ name, holder, fence, ttlMs, now: clock.now() })
          if (!renewed) throw new LeaseLostError(name)
          return fn(tx)
        })
        lastRenew = clock.now()
        return result
      } catch (error) {
        if (!renewed && error instanceof LeaseLostError) held = false
        throw error
      }
    },

    async renewIfDue() {
      if (clock.now() - lastRenew > ttlMs / 3) await lease.fenced(async () => {})
    },

    async release() {
      if (!held) return
      held = false
      await storage.leases.release({ name, holder, fence }).catch(() => undefined)
    },
  }
  return lease
}
