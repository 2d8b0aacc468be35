export type WakeableSleep = {
  /** Ends the current sleep now, or makes the next one return at once (a wake-up is never lost). */
  wake(): void
  /** Waits `ms`, or until `wake()`; returns at once while `isStopping()`. */
  sleep(ms: number): Promise<void>
}

/** The sleep of a background worker's poll loop (minter, clawback worker, webhook dispatcher). */
export function createWakeableSleep(isStopping: () => boolean): WakeableSleep {
  let woken = false
  let wakeUp: (() => void) | undefined
  return {
    wake() {
      woken = true
      wakeUp?.()
    },
    sleep(ms) {
      if (woken || isStopping()) {
        woken = false
        return Promise.resolve()
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms)
        wakeUp = done
        function done() {
          clearTimeout(timer)
          wakeUp = undefined
          woken = false
          resolve()
        }
      })
    },
  }
}
