import { createWakeableSleep } from './wakeable-sleep'

export type WorkerLoop = {
  /** True from `stop()` until the loop has ended: the loop checks it between steps. */
  readonly stopping: boolean
  /** Ends the loop's current sleep now (or makes its next one return at once). */
  wake(): void
  /** The loop's sleep: `ms`, or until `wake()`; returns at once while stopping. */
  sleep(ms: number): Promise<void>
  /** Runs the loop (idempotent while it runs), subscribing to its wake-up signal first. */
  start(): void
  /** Asks the loop to end, wakes it, waits for it, unsubscribes, then runs `afterStop`. */
  stop(): Promise<void>
}

/**
 * The start/stop/sleep of a background worker's poll loop (minter, clawback worker, webhook
 * dispatcher). `run` is the loop: it returns once `stopping` is true.
 */
export function createWorkerLoop(p: {
  run(): Promise<void>
  /** Subscribes `wake` to the worker's signal (work enqueued elsewhere); answers the unsubscribe. */
  subscribe?(wake: () => void): () => void
  /** After the loop ended (release a lease). */
  afterStop?(): Promise<void>
}): WorkerLoop {
  let running = false
  let stopping = false
  let loop: Promise<void> | undefined
  let unsubscribe: (() => void) | undefined
  const sleeper = createWakeableSleep(() => stopping)
  return {
    get stopping() {
      return stopping
    },
    wake: sleeper.wake,
    sleep: sleeper.sleep,
    start() {
      if (running) return
      running = true
      stopping = false
      unsubscribe = p.subscribe?.(sleeper.wake)
      loop = p.run()
    },
    async stop() {
      if (!running) return
      stopping = true
      sleeper.wake()
      await loop
      running = false
      unsubscribe?.()
      unsubscribe = undefined
      await p.afterStop?.()
    },
  }
}
