import { perkCollectionAbi } from '@loyaltykit/contracts'
import type { Address } from 'viem'
import type { ChainPort } from '../ports/chain'
import { ClaimLimitReachedError } from './relay-errors'

export type PerkCollectionState = {
  /** Lowercase 0x address that receives the points of every claim (the brand). */
  brand: string
  active: boolean
  price: bigint
  maxPerUser: bigint
  claims: bigint
}

/**
 * Reads the collection and the user's claims of it, and throws ClaimLimitReachedError (409) when the
 * user is at the collection's `maxPerUser` (0 = unlimited). Answers what it read.
 */
export async function checkClaimLimit(
  chain: ChainPort,
  p: { collectionId: bigint; user: Address },
): Promise<PerkCollectionState> {
  const contract = { address: chain.contracts.perkCollection, abi: perkCollectionAbi } as const
  const [collection, claims] = await Promise.all([
    chain.publicClient.readContract({ ...contract, functionName: 'collection', args: [p.collectionId] }),
    chain.publicClient.readContract({ ...contract, functionName: 'claimsOf', args: [p.collectionId, p.user] }),
  ])
  if (collection.maxPerUser !== 0n && claims >= collection.maxPerUser) {
    throw new ClaimLimitReachedError({
      collectionId: p.collectionId.toString(),
      currentClaims: Number(claims),
      maxPerUser: Number(collection.maxPerUser),
    })
  }
  return {
    brand: collection.brand.toLowerCase(),
    active: collection.active,
    price: collection.price,
    maxPerUser: collection.maxPerUser,
    claims,
  }
}
