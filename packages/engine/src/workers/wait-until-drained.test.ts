import { describe, expect, it } from 'vitest'
import { waitUntilDrained } from './wait-until-drained'

describe('waitUntilDrained', () => {
  it('resolves once nothing remains, waking the worker between looks', async () => {
    let left = 3
    let wakes = 0
    await waitUntilDrained({
      what: 'test worker',
      clock: { now: () => 0 },
      timeoutMs: 1_000,
      pollMs: 1,
      remaining: async () => (left-- > 0 ? `${left + 1} left` : undefined),
      wake: () => wakes++,
    })
    expect(wakes).toBe(3)
  })

  it('times out on the clock port, naming the worker and what remains', async () => {
    let now = 1_000
    const error = await waitUntilDrained({
      what: 'test worker',
      clock: { now: () => now },
      timeoutMs: 100,
      pollMs: 1,
      async remaining() {
        now += 60
        return '2 pending'
      },
    }).catch((e: unknown) => e)
    expect(String(error)).toBe('Error: test worker drain timed out: 2 pending')
    // Deadline 1,100: the first look (1,060) waits, the second (1,120) gives up.
    expect(now).toBe(1_120)
  })
})
