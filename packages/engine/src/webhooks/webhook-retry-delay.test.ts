import { describe, expect, it } from 'vitest'
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS } from './webhook-dispatcher-options'
import { webhookRetryDelay } from './webhook-retry-delay'

describe('webhookRetryDelay', () => {
  const schedule = [1_000, 4_000, 16_000]

  it('follows the schedule, then answers null (no attempt left)', () => {
    const at = (attempts: number) => webhookRetryDelay({ schedule, attempts, jitter: 0, random: Math.random })
    expect([1, 2, 3, 4].map(at)).toEqual([1_000, 4_000, 16_000, null])
  })

  it('jitter only stretches a wait, by at most the fraction', () => {
    const low = webhookRetryDelay({ schedule, attempts: 2, jitter: 0.25, random: () => 0 })
    const high = webhookRetryDelay({ schedule, attempts: 2, jitter: 0.25, random: () => 0.999_999 })
    const mid = webhookRetryDelay({ schedule, attempts: 2, jitter: 0.25, random: () => 0.5 })
    expect(low).toBe(4_000)
    expect(high).toBe(5_000)
    expect(mid).toBe(4_500)
  })

  it('the default schedule makes at least 8 attempts over at least an hour', () => {
    const attempts = DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS.length + 1
    const span = DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0)
    expect(attempts).toBeGreaterThanOrEqual(8)
    expect(span).toBeGreaterThanOrEqual(3_600_000)
    expect(DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS).toEqual([
      30_000, 120_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000,
    ])
  })
})
