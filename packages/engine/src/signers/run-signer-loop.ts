import type { Logger } from '../ports/logger'
import { backoffDelay } from '../workers/backoff-delay'
import type { WorkerLoop } from '../workers/worker-loop'
import { LeaseLostError } from './lease-lost-error'
import type { SignerLease } from './signer-lease'

/**
 * The loop of a worker that signs under a lease (minter, clawback worker), run by `createWorkerLoop`
 * until `worker.stopping`: without the lease, try to acquire it (standing by `min(ttl/3, 2 s)`
 * between tries), then `recover()` once per acquisition; with it, renew when due and run `step()`,
 * which answers how long to sleep (undefined: it did work, go on at once). A lost lease sends the
 * worker back to standing by; any other error is counted and retried after a backoff with jitter.
 */
export async function runSignerLoop(p: {
  worker: Pick<WorkerLoop, 'stopping' | 'sleep'>
  lease: SignerLease
  ttlMs: number
  logger: Logger
  /** After each acquisition (resync nonces, look at open work); retried until it succeeds. */
  recover(): Promise<void>
  step(): Promise<number | undefined>
  backoff: { baseMs: number; maxMs: number }
  onError(message: string): void
}): Promise<void> {
  const { worker, lease, logger } = p
  let failures = 0
  let recovered = false
  while (!worker.stopping) {
    try {
      if (!lease.held) {
        recovered = false
        if (!(await lease.acquire())) {
          await worker.sleep(Math.min(p.ttlMs / 3, 2_000))
          continue
        }
      } else await lease.renewIfDue()
      if (!recovered) {
        await p.recover()
        recovered = true
      }
      const idleMs = await p.step()
      failures = 0
      if (idleMs !== undefined) await worker.sleep(idleMs)
    } catch (error) {
      if (error instanceof LeaseLostError) {
        logger.warn({ lease: lease.name }, 'lease lost; standing by')
        continue
      }
      failures++
      const message = error instanceof Error ? error.message : String(error)
      p.onError(message)
      logger.error({ error: message, failures }, 'step failed')
      await worker.sleep(backoffDelay(failures + 1, p.backoff))
    }
  }
}
