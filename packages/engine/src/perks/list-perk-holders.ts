import { perkCollectionAbi } from '@loyaltykit/contracts'
import { requireChain } from '../chain/require-chain'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { type PerkTokenStatus, perkTokenStatus } from './get-perk-status'
import { type ListPerkHoldersParameters, listPerkHoldersParametersSchema } from './list-perk-holders-schema'
import { readBrandPerkCollection, readPerkToken } from './read-brand-perk-token'

export type ListPerkHoldersOptions = {
  /** The brand that signed the request (`verifyBrandSignature`): only its collections are served. */
  brandId: string
}

export type ListPerkHoldersReturnType = {
  success: true
  collectionId: string
  name: string
  /** One entry per claimed token of the page, in claim order, with its current holder. */
  holders: Array<Omit<PerkTokenStatus, 'collectionId'>>
  /** Tokens claimed from the collection. */
  total: number
  limit: number
  offset: number
  hasMore: boolean
}

/**
 * The holders of a brand's perk collection with each token's charge status, paginated in claim
 * order. Claimed tokens come from the collection's `PerkClaimed` logs (from the block the collection
 * was created in, when the engine created it); owners and charges are read live.
 */
export async function listPerkHolders(
  ctx: EngineContext,
  params: ListPerkHoldersParameters,
  options: ListPerkHoldersOptions,
): Promise<ListPerkHoldersReturnType> {
  const p = parseInput(listPerkHoldersParametersSchema, params, 'Invalid perk holders query')
  const chain = requireChain(ctx)
  const collection = await readBrandPerkCollection(chain, { brandId: options.brandId, collectionId: p.collectionId })
  const known = await ctx.storage.perks.getByCollectionId(Number(p.collectionId))
  const logs = await chain.publicClient.getContractEvents({
    address: chain.contracts.perkCollection,
    abi: perkCollectionAbi,
    eventName: 'PerkClaimed',
    args: { collectionId: p.collectionId },
    fromBlock: BigInt(known?.blockNumber ?? 0),
    toBlock: 'latest',
  })
  const tokenIds = [...new Set(logs.map((l) => l.args.tokenId as bigint))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const page = tokenIds.slice(p.offset, p.offset + p.limit)
  const tokens = await Promise.all(page.map((id) => readPerkToken(chain, id)))
  const holders = tokens
    .filter((t) => t !== undefined)
    .map((t) => {
      const { collectionId: _c, ...rest } = perkTokenStatus(t)
      return rest
    })
  return {
    success: true,
    collectionId: p.collectionId.toString(),
    name: collection.name,
    holders,
    total: tokenIds.length,
    limit: p.limit,
    offset: p.offset,
    hasMore: p.offset + page.length < tokenIds.length,
  }
}
