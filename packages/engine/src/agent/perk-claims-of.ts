import { perkCollectionAbi } from '@loyaltykit/contracts'
import type { Address } from 'viem'
import { requireChain } from '../chain/require-chain'
import type { EngineContext } from '../context'

/** How many tokens of a perk collection a wallet has claimed (`claimsOf` on chain). */
export async function perkClaimsOf(ctx: EngineContext, collectionId: number, walletAddress: string): Promise<number> {
  const chain = requireChain(ctx)
  return Number(
    await chain.publicClient.readContract({
      address: chain.contracts.perkCollection,
      abi: perkCollectionAbi,
      functionName: 'claimsOf',
      args: [BigInt(collectionId), walletAddress as Address],
    }),
  )
}
