import type { Clock } from '../ports/clock'
import { delay } from './delay'

/**
 * The `drain()` of a background worker: resolves once `remaining()` answers undefined (nothing left
 * to do), waking the worker between looks; rejects with `<what> drain timed out: <remaining>` once
 * `timeoutMs` (on `clock`) has passed. Tests, benchmarks and shutdown call it.
 */
export async function waitUntilDrained(p: {
  what: string
  clock: Clock
  timeoutMs: number
  pollMs: number
  /** What is left, in words (`3 pending, 1 batched`), or undefined when drained. */
  remaining(): Promise<string | undefined>
  wake?(): void
}): Promise<void> {
  const deadline = p.clock.now() + p.timeoutMs
  for (;;) {
    const left = await p.remaining()
    if (left === undefined) return
    if (p.clock.now() > deadline) throw new Error(`${p.what} drain timed out: ${left}`)
    p.wake?.()
    await delay(p.pollMs)
  }
}
