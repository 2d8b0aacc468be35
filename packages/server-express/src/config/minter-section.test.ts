import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

describe('minter section', () => {
  it('defaults, every variable, bad values', () => {
    expect(loadConfig({}).minter).toEqual({ waitMs: 20_000, batchWindowMs: 5 })
    expect(loadConfig({ LOYALTYKIT_MINT_WAIT_MS: '0', LOYALTYKIT_MINT_BATCH_WINDOW_MS: '20' }).minter).toEqual({
      waitMs: 0,
      batchWindowMs: 20,
    })
    expect(() => loadConfig({ LOYALTYKIT_MINT_WAIT_MS: '11m', LOYALTYKIT_MINT_BATCH_WINDOW_MS: '11s' })).toThrow(
      /LOYALTYKIT_MINT_WAIT_MS must be an integer number of milliseconds between 0 and 600000.*LOYALTYKIT_MINT_BATCH_WINDOW_MS must be/,
    )
  })
})
