import { pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, encodeFunctionData, type Hex } from 'viem'
import type { MintJobRecord } from '../ports/mint-store'

/** Calldata of `mintBatch(batchId, to[], amounts[])` for the jobs of a batch, in their stored order. */
export function encodeMintBatch(batchId: string, jobs: readonly MintJobRecord[]): Hex {
  return encodeFunctionData({
    abi: pointsTokenAbi,
    functionName: 'mintBatch',
    args: [batchId as Hex, jobs.map((j) => j.to as Address), jobs.map((j) => BigInt(j.amountWei))],
  })
}
