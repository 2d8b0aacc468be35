import type { Eip1559Fees } from '../chain/fees-within-caps'

/** +12.5 %: over the 10 % most nodes require to replace a pending transaction (the minter bumps so too). */
const bump = (value: bigint) => (value * 1125n + 999n) / 1000n

/**
 * Fees of a replacement for a stuck transaction that paid `last`: 12.5 % more than it, or the
 * current fees when higher, within `maxFeePerGas`. Undefined when the cap leaves no room for a bump
 * (the last attempt already pays the cap).
 */
export function replacementFees(last: Eip1559Fees, current: Eip1559Fees | undefined, maxFeePerGas: bigint) {
  let fee = bump(last.maxFeePerGas)
  let tip = bump(last.maxPriorityFeePerGas)
  if (current && current.maxFeePerGas > fee) fee = current.maxFeePerGas
  if (current && current.maxPriorityFeePerGas > tip) tip = current.maxPriorityFeePerGas
  if (tip > fee) fee = tip
  if (fee > maxFeePerGas) {
    if (last.maxFeePerGas >= maxFeePerGas) return undefined
    fee = maxFeePerGas
    if (tip > fee) tip = fee
  }
  return { maxFeePerGas: fee, maxPriorityFeePerGas: tip }
}
