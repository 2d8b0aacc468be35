import { describe, expect, it } from 'vitest'
import { allocateRefundTokens } from './allocate-refund-tokens'

describe('allocateRefundTokens', () => {
  it('claws back the refunded share, and every token once refunds cover the charge', () => {
    const parts = allocateRefundTokens(25_000n, 2500, [
      { refundId: 're_1', refundCents: 1000 },
      { refundId: 're_2', refundCents: 1500 },
    ])
    expect(parts).toEqual(
      new Map([
        ['re_1', 10_000n],
        ['re_2', 15_000n],
      ]),
    )
  })

  it('rounds down per refund but the parts of a full refund add up to the whole', () => {
    const refunds = [1, 1, 1].map((_, i) => ({ refundId: `re_${i}`, refundCents: 1 }))
    const parts = allocateRefundTokens(10n, 3, refunds)
    expect([...parts.values()]).toEqual([3n, 3n, 4n])
    expect([...parts.values()].reduce((a, b) => a + b)).toBe(10n)
  })

  it('never claws back more than the charge bought', () => {
    const parts = allocateRefundTokens(500n, 50, [
      { refundId: 're_a', refundCents: 40 },
      { refundId: 're_b', refundCents: 40 },
    ])
    expect(parts.get('re_a')).toBe(400n)
    expect(parts.get('re_b')).toBe(100n)
  })
})
