import type { Eip1559Fees } from '../chain/fees-within-caps'

/** +12.5 %: over the 10 % most nodes require to replace a pending transaction. */
const bump = (value: bigint) => (value * 1125n + 999n) / 1000n

/**
 * What to do when the bumped fee is over the cap: `clamp` pays the cap (unless the last attempt
 * already pays it: undefined); `give-up` answers undefined (a replacement under +12.5 % would
 * likely be refused as underpriced, and the minter checks again too often to spend signatures on it).
 */
export type OverCap = 'clamp' | 'give-up'

/**
 * Fees of a replacement for a stuck transaction that paid `last`: 12.5 % more than it, or the
 * current fees when higher, within `maxFeePerGas`. Undefined when the cap leaves no room for a bump
 * (the last attempt already pays the cap; with `give-up`, whenever the bump is over the cap).
 */
export function replacementFees(
  last: Eip1559Fees,
  current: Eip1559Fees | undefined,
  maxFeePerGas: bigint,
  overCap: OverCap = 'clamp',
): Eip1559Fees | undefined {
  let fee = bump(last.maxFeePerGas)
  let tip = bump(last.maxPriorityFeePerGas)
  if (current && current.maxFeePerGas > fee) fee = current.maxFeePerGas
  if (current && current.maxPriorityFeePerGas > tip) tip = current.maxPriorityFeePerGas
  if (tip > fee) fee = tip
  if (fee > maxFeePerGas) {
    if (overCap === 'give-up' || last.maxFeePerGas >= maxFeePerGas) return undefined
    fee = maxFeePerGas
    if (tip > fee) tip = fee
  }
  return { maxFeePerGas: fee, maxPriorityFeePerGas: tip }
}
