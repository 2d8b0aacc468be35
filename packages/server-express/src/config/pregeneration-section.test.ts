import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

describe('pregeneration section', () => {
  it("defaults to the spec's limits, reads both variables, refuses bad values", () => {
    expect(loadConfig({}).pregeneration).toEqual({ limits: { perMinute: 100, perDay: 10_000 } })
    const c = loadConfig({ LOYALTYKIT_PREGENERATION_PER_MINUTE: '5', LOYALTYKIT_PREGENERATION_PER_DAY: '50' })
    expect(c.pregeneration).toEqual({ limits: { perMinute: 5, perDay: 50 } })
    expect(() => loadConfig({ LOYALTYKIT_PREGENERATION_PER_DAY: '0' })).toThrow(
      'LOYALTYKIT_PREGENERATION_PER_DAY must be an integer between 1 and 100000000 (got "0")',
    )
  })
})
