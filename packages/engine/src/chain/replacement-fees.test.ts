import { describe, expect, it } from 'vitest'
import { replacementFees } from './replacement-fees'

const gwei = (n: number) => BigInt(n) * 1_000_000_000n
const CAP = gwei(100)

describe('replacementFees', () => {
  it('pays 12.5 % more than the stuck attempt (rounded up)', () => {
    expect(replacementFees({ maxFeePerGas: gwei(8), maxPriorityFeePerGas: gwei(1) }, undefined, CAP)).toEqual({
      maxFeePerGas: gwei(9),
      maxPriorityFeePerGas: 1_125_000_000n,
    })
    expect(replacementFees({ maxFeePerGas: 7n, maxPriorityFeePerGas: 1n }, undefined, CAP)).toEqual({
      maxFeePerGas: 8n,
      maxPriorityFeePerGas: 2n,
    })
  })

  it('takes the current fees when they are higher than the bump', () => {
    const current = { maxFeePerGas: gwei(30), maxPriorityFeePerGas: gwei(2) }
    expect(replacementFees({ maxFeePerGas: gwei(8), maxPriorityFeePerGas: gwei(1) }, current, CAP)).toEqual(current)
  })

  it('stops at the cap, and answers nothing once the last attempt pays the cap', () => {
    expect(replacementFees({ maxFeePerGas: gwei(95), maxPriorityFeePerGas: gwei(2) }, undefined, CAP)).toEqual({
      maxFeePerGas: CAP,
      maxPriorityFeePerGas: 2_250_000_000n,
    })
    expect(replacementFees({ maxFeePerGas: CAP, maxPriorityFeePerGas: gwei(2) }, undefined, CAP)).toBeUndefined()
  })

  it('never lets the tip exceed the fee', () => {
    const fees = replacementFees({ maxFeePerGas: gwei(99), maxPriorityFeePerGas: gwei(99) }, undefined, CAP)
    expect(fees).toEqual({ maxFeePerGas: CAP, maxPriorityFeePerGas: CAP })
  })
})
