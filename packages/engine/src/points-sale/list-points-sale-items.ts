import { pointsSaleAbi } from '@loyaltykit/contracts'
import { formatUnits } from 'viem'
import type { z } from 'zod'
import { requireChain } from '../chain/require-chain'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import type { ChainPort } from '../ports/chain'
import {
  type ListPointsSaleItemsParameters,
  listPointsSaleItemsParametersSchema,
  type listPointsSaleItemsResponseSchema,
  type pointsSaleItemSchema,
} from './list-points-sale-items-schema'

export type PointsSaleItem = z.output<typeof pointsSaleItemSchema>
export type ListPointsSaleItemsReturnType = z.output<typeof listPointsSaleItemsResponseSchema>

/** Items read from the chain at once (the embedded chain queues reads anyway). */
const READ_CONCURRENCY = 16

type ChainItem = { itemId: number; seller: string; active: boolean; price: bigint; stock: bigint; sold: bigint }

async function readItems(chain: ChainPort, ids: number[]): Promise<ChainItem[]> {
  const out: ChainItem[] = []
  for (let i = 0; i < ids.length; i += READ_CONCURRENCY) {
    const chunk = ids.slice(i, i + READ_CONCURRENCY)
    const read = await Promise.all(
      chunk.map((itemId) =>
        chain.publicClient.readContract({
          address: chain.contracts.pointsSale,
          abi: pointsSaleAbi,
          functionName: 'item',
          args: [BigInt(itemId)],
        }),
      ),
    )
    read.forEach((it, j) => {
      out.push({ itemId: chunk[j] as number, ...it, seller: it.seller.toLowerCase() })
    })
  }
  return out
}

/**
 * The points sale's items, in item id order, one page at a time: price, stock, sales and the active
 * flag read live from the PointsSale contract (every item ever listed, whoever listed it), with the
 * name, description and category of items listed through loyaltykit (`addPointsSaleItem`). Public
 * data: no caller needed. Without filters only the page's items are read; with `brandId` or
 * `available` every item is read to filter them.
 */
export async function listPointsSaleItems(
  ctx: EngineContext,
  params: ListPointsSaleItemsParameters = {},
): Promise<ListPointsSaleItemsReturnType> {
  const p = parseInput(listPointsSaleItemsParametersSchema, params, 'Invalid points-sale query')
  const chain = requireChain(ctx)
  const contract = chain.contracts.pointsSale
  let count: bigint
  try {
    count = await chain.publicClient.readContract({ address: contract, abi: pointsSaleAbi, functionName: 'itemCount' })
  } catch (cause) {
    throw new UnavailableError('Cannot read the points sale from the chain', 'CHAIN_UNAVAILABLE', {}, cause)
  }
  const ids = Array.from({ length: Number(count) }, (_, i) => i + 1)
  const filtered = p.brandId !== undefined || p.available !== undefined
  let total: number
  let page: ChainItem[]
  if (filtered) {
    const matching = (await readItems(chain, ids)).filter(
      (it) =>
        (p.brandId === undefined || it.seller === p.brandId) &&
        (p.available === undefined || (it.active && it.stock > 0n) === p.available),
    )
    total = matching.length
    page = matching.slice(p.offset, p.offset + p.limit)
  } else {
    total = ids.length
    page = await readItems(chain, ids.slice(p.offset, p.offset + p.limit))
  }
  const records = new Map(
    (await ctx.storage.pointsSale.listByItemIds({ contract, itemIds: page.map((it) => it.itemId) })).map((r) => [
      r.itemId,
      r,
    ]),
  )
  const items = page.map((it): PointsSaleItem => {
    const record = records.get(it.itemId)
    return {
      itemId: it.itemId,
      name: record?.name ?? null,
      description: record?.description ?? null,
      category: record?.category ?? null,
      seller: it.seller,
      price: formatUnits(it.price, 18),
      priceWei: it.price.toString(),
      stock: it.stock.toString(),
      sold: it.sold.toString(),
      active: it.active,
      available: it.active && it.stock > 0n,
    }
  })
  return {
    success: true,
    contract: contract.toLowerCase(),
    token: chain.contracts.pointsToken.toLowerCase(),
    chainId: chain.chainId,
    items,
    total,
    limit: p.limit,
    offset: p.offset,
    hasMore: p.offset + page.length < total,
  }
}
