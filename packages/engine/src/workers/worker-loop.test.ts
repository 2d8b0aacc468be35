import { describe, expect, it } from 'vitest'
import { createWorkerLoop } from './worker-loop'

describe('createWorkerLoop', () => {
  it('runs the loop once however often started; stop wakes it, waits for its end, unsubscribes, then afterStop', async () => {
    const events: string[] = []
    let runs = 0
    let signal: (() => void) | undefined
    const worker = createWorkerLoop({
      async run() {
        runs++
        events.push('run')
        while (!worker.stopping) await worker.sleep(60_000)
        events.push('loop ended')
      },
      subscribe(wake) {
        events.push('subscribed')
        signal = wake
        return () => events.push('unsubscribed')
      },
      async afterStop() {
        events.push('afterStop')
      },
    })
    worker.start()
    worker.start()
    expect(runs).toBe(1)
    expect(typeof signal).toBe('function')
    const t0 = performance.now()
    await worker.stop()
    expect(performance.now() - t0).toBeLessThan(1_000)
    expect(events).toEqual(['subscribed', 'run', 'loop ended', 'unsubscribed', 'afterStop'])
    // Stopped twice: nothing more; started again: a new loop.
    await worker.stop()
    worker.start()
    expect(runs).toBe(2)
    await worker.stop()
  })

  it('a wake-up from the subscription ends the sleep', async () => {
    let signal: () => void = () => {}
    let slept = 0
    const worker = createWorkerLoop({
      async run() {
        while (!worker.stopping) {
          await worker.sleep(60_000)
          slept++
        }
      },
      subscribe(wake) {
        signal = wake
        return () => {}
      },
    })
    worker.start()
    await new Promise((r) => setTimeout(r, 10))
    signal()
    await new Promise((r) => setTimeout(r, 10))
    expect(slept).toBe(1)
    await worker.stop()
  })
})
