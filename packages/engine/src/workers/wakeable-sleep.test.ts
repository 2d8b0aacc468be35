import { describe, expect, it } from 'vitest'
import { createWakeableSleep } from './wakeable-sleep'

const elapsed = async (p: Promise<void>) => {
  const t0 = performance.now()
  await p
  return performance.now() - t0
}

describe('createWakeableSleep', () => {
  it('sleeps the time asked when nobody wakes it', async () => {
    const { sleep } = createWakeableSleep(() => false)
    expect(await elapsed(sleep(60))).toBeGreaterThanOrEqual(50)
  })

  it('ends a sleep when woken', async () => {
    const s = createWakeableSleep(() => false)
    setTimeout(() => s.wake(), 10)
    expect(await elapsed(s.sleep(5_000))).toBeLessThan(1_000)
  })

  it('keeps a wake-up that came while awake: the next sleep returns at once, the one after sleeps', async () => {
    const s = createWakeableSleep(() => false)
    s.wake()
    expect(await elapsed(s.sleep(5_000))).toBeLessThan(50)
    expect(await elapsed(s.sleep(60))).toBeGreaterThanOrEqual(50)
  })

  it('does not sleep while stopping', async () => {
    let stopping = false
    const s = createWakeableSleep(() => stopping)
    stopping = true
    expect(await elapsed(s.sleep(5_000))).toBeLessThan(50)
  })
})
