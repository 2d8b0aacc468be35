import type { Clock } from '../ports/clock'
import type { Logger } from '../ports/logger'
import type { Storage, Stores } from '../ports/storage'
import { isLeaseHolderGone } from './lease-holder'
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
  /** Takes the lease when it is free, expired, or held by a holder that is certainly gone; answers whether it is held. */
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
  holder: string
  ttlMs: number
}): SignerLease {
  const { storage, clock, logger, name, holder, ttlMs } = p
  let held = false
  let fence = 0
  let lastRenew = 0

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
      if (!result.acquired && isLeaseHolderGone(result.holder)) {
        // The holder was a process of this machine that died: take over at once, by acquiring "as of"
        // its expiry (still a compare-and-set on the fence), instead of waiting for the lease to run out.
        logger.warn({ lease: name, previousHolder: result.holder }, 'taking over the lease of a dead holder')
        result = await storage.leases.acquire({ ...request, now: Math.max(clock.now(), result.expiresAt) })
      }
      if (!result.acquired) return false
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
