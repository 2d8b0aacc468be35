import { describe, expect, it } from 'vitest'
import { supplyStatus } from './supply-status'

describe('supplyStatus', () => {
  it('is unlimited without a supply, sold out at 0 left, low at 10 % or less left, else available', () => {
    expect(supplyStatus({ maxSupply: 0, available: null })).toBe('unlimited')
    expect(supplyStatus({ maxSupply: 50, available: 0 })).toBe('sold_out')
    expect(supplyStatus({ maxSupply: 50, available: 5 })).toBe('low')
    expect(supplyStatus({ maxSupply: 50, available: 6 })).toBe('available')
    expect(supplyStatus({ maxSupply: 5, available: 1 })).toBe('available')
    expect(supplyStatus({ maxSupply: 10, available: 1 })).toBe('low')
  })
})
