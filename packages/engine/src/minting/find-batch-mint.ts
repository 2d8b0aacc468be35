import { pointsTokenAbi } from '@loyaltykit/contracts'
import type { Address, Hash, Hex, PublicClient } from 'viem'

export type BatchMintLookup = { minted: false } | { minted: true; txHash: Hash | null; blockNumber: number | null }

const LOG_CHUNK = 5_000n

/**
 * Whether the token already minted `batchId` (its `isBatchMinted` view) and, if so, which
 * transaction did (its `BatchMinted` log, searched backwards from the head down to `fromBlock`).
 */
export async function findBatchMint(
  client: PublicClient,
  p: { token: Address; batchId: Hex; fromBlock?: number | null },
): Promise<BatchMintLookup> {
  const minted = await client.readContract({
    address: p.token,
    abi: pointsTokenAbi,
    functionName: 'isBatchMinted',
    args: [p.batchId],
  })
  if (!minted) return { minted: false }
  const head = await client.getBlockNumber()
  const floor = BigInt(Math.max(0, p.fromBlock ?? 0))
  for (let to = head; to >= floor; to -= LOG_CHUNK) {
    const from = to - LOG_CHUNK + 1n > floor ? to - LOG_CHUNK + 1n : floor
    const logs = await client.getContractEvents({
      address: p.token,
      abi: pointsTokenAbi,
      eventName: 'BatchMinted',
      args: { batchId: p.batchId },
      fromBlock: from,
      toBlock: to,
    })
    const log = logs[0]
    if (log?.transactionHash) return { minted: true, txHash: log.transactionHash, blockNumber: Number(log.blockNumber) }
    if (from === floor) break
  }
  return { minted: true, txHash: null, blockNumber: null }
}
