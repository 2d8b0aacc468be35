import { perkCollectionAbi } from '@loyaltykit/contracts'
import type { Address } from 'viem'
import type { ChainPort } from '../ports/chain'
import { decodeRelayRevert } from '../relay/decode-relay-revert'
import { CollectionNotFoundError, PerkNotOwnedError, PerkTokenNotFoundError } from './perk-errors'

export type BrandPerkCollection = { collectionId: bigint; brand: string; name: string; chargesPerToken: number }

export type BrandPerkToken = {
  collectionId: bigint
  tokenId: bigint
  /** Lowercase 0x address of the current holder. */
  owner: string
  chargesRemaining: number
  chargesTotal: number
  /** Unix seconds. */
  claimedAt: number
}

const perk = (chain: ChainPort) => ({ address: chain.contracts.perkCollection, abi: perkCollectionAbi }) as const

/** The collection, or CollectionNotFoundError (404); PerkNotOwnedError (403) when another brand's. */
export async function readBrandPerkCollection(
  chain: ChainPort,
  p: { brandId: string; collectionId: bigint },
): Promise<BrandPerkCollection> {
  let collection: { brand: Address; name: string; chargesPerToken: number }
  try {
    collection = await chain.publicClient.readContract({
      ...perk(chain),
      functionName: 'collection',
      args: [p.collectionId],
    })
  } catch (error) {
    const revert = decodeRelayRevert(error)
    if (revert.reverted && revert.errorName === 'CollectionNotFound') {
      throw new CollectionNotFoundError(p.collectionId.toString())
    }
    throw error
  }
  if (collection.brand.toLowerCase() !== p.brandId.toLowerCase()) {
    throw new PerkNotOwnedError({ brandId: p.brandId, collectionId: p.collectionId.toString() })
  }
  return {
    collectionId: p.collectionId,
    brand: collection.brand.toLowerCase(),
    name: collection.name,
    chargesPerToken: collection.chargesPerToken,
  }
}

/** Reads one perk token (owner, charges, claim time) without ownership checks; undefined when not minted. */
export async function readPerkToken(
  chain: ChainPort,
  tokenId: bigint,
): Promise<(Omit<BrandPerkToken, 'collectionId'> & { collectionId: bigint }) | undefined> {
  try {
    const [info, owner] = await Promise.all([
      chain.publicClient.readContract({ ...perk(chain), functionName: 'tokenInfo', args: [tokenId] }),
      chain.publicClient.readContract({ ...perk(chain), functionName: 'ownerOf', args: [tokenId] }),
    ])
    return {
      collectionId: info.collectionId,
      tokenId,
      owner: owner.toLowerCase(),
      chargesRemaining: info.chargesRemaining,
      chargesTotal: info.chargesTotal,
      claimedAt: Number(info.claimedAt),
    }
  } catch (error) {
    const revert = decodeRelayRevert(error)
    if (revert.reverted && revert.errorName === 'ERC721NonexistentToken') return undefined
    throw error
  }
}

/**
 * A perk token of one of the brand's collections: the collection must exist and be the brand's
 * (404 / 403) and the token must exist and belong to that collection (404 TOKEN_NOT_FOUND).
 */
export async function readBrandPerkToken(
  chain: ChainPort,
  p: { brandId: string; collectionId: bigint; tokenId: bigint },
): Promise<BrandPerkToken> {
  await readBrandPerkCollection(chain, p)
  const token = await readPerkToken(chain, p.tokenId)
  const ids = { collectionId: p.collectionId.toString(), tokenId: p.tokenId.toString() }
  if (!token) throw new PerkTokenNotFoundError({ ...ids, reason: 'not_minted' })
  if (token.collectionId !== p.collectionId) throw new PerkTokenNotFoundError({ ...ids, reason: 'other_collection' })
  return token
}
