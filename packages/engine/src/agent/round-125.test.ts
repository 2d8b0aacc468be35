import { describe, expect, it } from 'vitest'
import { round125 } from './round-125'

describe('round125', () => {
  it('rounds to the nearest 1, 2 or 5 × 10ⁿ, the lower on a tie, never below 1', () => {
    const cases: Array<[number, number]> = [
      [0, 1],
      [-5, 1],
      [1, 1],
      [1.4, 1],
      [1.6, 2],
      [3.4, 2],
      [3.6, 5],
      [7.5, 5],
      [7.6, 10],
      [37, 50],
      [120, 100],
      [150, 100],
      [160, 200],
      [350, 200],
      [351, 500],
      [9999, 10000],
    ]
    for (const [v, want] of cases) expect(round125(v), String(v)).toBe(want)
  })
})
