import { perkCollectionAbi } from '@loyaltykit/contracts'
import type { Address } from 'viem'
import type { ChainPort } from '../ports/chain'
import { ClaimLimitReachedError } from './relay-errors'

export type PerkCollectionState = {
  /** Lowercase 0x address that receives the points of every claim (the brand). */
  brand: string
  maxPerUser: bigint
  /** The user's claims, read when the collection has a maximum per user. */
  claims?: bigint
}

type FixedTerms = { brand: string; maxPerUser: bigint }
const terms = new WeakMap<ChainPort, Map<bigint, Promise<FixedTerms>>>()

/**
 * A collection's brand and maximum per user, which PerkCollection never changes after creation
 * (only `active` and `price` have setters): read once per collection and kept for the process.
 */
function fixedTermsOf(chain: ChainPort, collectionId: bigint): Promise<FixedTerms> {
  let byId = terms.get(chain)
  if (!byId) {
    byId = new Map()
    terms.set(chain, byId)
  }
  let cached = byId.get(collectionId)
  if (!cached) {
    cached = chain.publicClient
      .readContract({
        address: chain.contracts.perkCollection,
        abi: perkCollectionAbi,
        functionName: 'collection',
        args: [collectionId],
      })
      .then((c) => ({ brand: c.brand.toLowerCase(), maxPerUser: c.maxPerUser }))
    const map = byId
    cached.catch(() => map.delete(collectionId))
    if (byId.size >= 10_000) byId.clear()
    byId.set(collectionId, cached)
  }
  return cached
}

/**
 * Reads the collection's fixed terms (cached) and, when it has a maximum per user, the user's claims
 * (live), and throws ClaimLimitReachedError (409) when the user is at `maxPerUser`. A collection
 * without a maximum (0) costs no chain read. A collection that does not exist reverts
 * (CollectionNotFound): the caller's simulation reports it.
 */
export async function checkClaimLimit(
  chain: ChainPort,
  p: { collectionId: bigint; user: Address },
): Promise<PerkCollectionState> {
  const collection = await fixedTermsOf(chain, p.collectionId)
  if (collection.maxPerUser === 0n) return { brand: collection.brand, maxPerUser: 0n }
  const claims = await chain.publicClient.readContract({
    address: chain.contracts.perkCollection,
    abi: perkCollectionAbi,
    functionName: 'claimsOf',
    args: [p.collectionId, p.user],
  })
  if (claims >= collection.maxPerUser) {
    throw new ClaimLimitReachedError({
      collectionId: p.collectionId.toString(),
      currentClaims: Number(claims),
      maxPerUser: Number(collection.maxPerUser),
    })
  }
  return { brand: collection.brand, maxPerUser: collection.maxPerUser, claims }
}
