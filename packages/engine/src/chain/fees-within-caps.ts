import type { PublicClient } from 'viem'
import type { GasCaps } from '../ports/chain'
import { GasCapExceededError } from './gas-caps'

export type Eip1559Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }

/**
 * EIP-1559 fees for the next transactions: priority fee from the node (at least 1 wei), max fee =
 * 2 × base fee + priority fee, lowered to `caps.maxFeePerGas` when that still covers the current
 * base fee plus the priority fee. Throws GasCapExceededError (GAS_PRICE_CAP_EXCEEDED) when the
 * chain is too expensive to sign within the cap; callers wait and try again.
 */
export async function feesWithinCaps(client: PublicClient, caps: GasCaps): Promise<Eip1559Fees> {
  const block = await client.getBlock({ blockTag: 'latest' })
  const baseFee = block.baseFeePerGas ?? 0n
  let priority: bigint
  try {
    priority = await client.estimateMaxPriorityFeePerGas()
  } catch {
    priority = 1_000_000_000n
  }
  if (priority < 1n) priority = 1n
  let maxFeePerGas = baseFee * 2n + priority
  if (maxFeePerGas > caps.maxFeePerGas) {
    // Keep a 12.5% headroom over the current base fee, as one block can raise it by that much.
    const floor = baseFee + baseFee / 8n + priority
    if (floor > caps.maxFeePerGas) {
      throw new GasCapExceededError(
        `the chain's base fee (${baseFee} wei) leaves no room under the fee cap of ${caps.maxFeePerGas} wei`,
        'GAS_PRICE_CAP_EXCEEDED',
        { baseFeePerGas: baseFee.toString(), maxFeePerGas: caps.maxFeePerGas.toString() },
      )
    }
    maxFeePerGas = caps.maxFeePerGas
  }
  if (priority > maxFeePerGas) priority = maxFeePerGas
  return { maxFeePerGas, maxPriorityFeePerGas: priority }
}
