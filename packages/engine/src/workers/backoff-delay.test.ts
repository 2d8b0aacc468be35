import { describe, expect, it } from 'vitest'
import { backoffDelay } from './backoff-delay'

describe('backoffDelay', () => {
  it('doubles from baseMs per attempt within ±25 % jitter, and stops at maxMs', () => {
    for (let i = 0; i < 200; i++) {
      const first = backoffDelay(1, { baseMs: 100, maxMs: 10_000 })
      expect(first).toBeGreaterThanOrEqual(75)
      expect(first).toBeLessThan(125)
      const third = backoffDelay(3, { baseMs: 100, maxMs: 10_000 })
      expect(third).toBeGreaterThanOrEqual(300)
      expect(third).toBeLessThan(500)
      expect(backoffDelay(40, { baseMs: 100, maxMs: 10_000 })).toBeLessThan(12_500)
      expect(backoffDelay(2, { baseMs: 100, maxMs: 10_000, factor: 4 })).toBeGreaterThanOrEqual(300)
    }
  })

  it('jitters: delays of one attempt differ', () => {
    const delays = new Set(Array.from({ length: 20 }, () => backoffDelay(2, { baseMs: 1_000, maxMs: 60_000 })))
    expect(delays.size).toBeGreaterThan(1)
  })
})
