import { pointsSaleAbi } from '@loyaltykit/contracts'
import { type Address, encodeFunctionData } from 'viem'
import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import type { PointsSaleItemRecord } from '../ports/points-sale-store'
import { requireEmittedEvent } from '../relay/require-emitted-event'
import { sendOperatorCall } from '../relay/send-operator-call'
import { brandIdSchema } from '../schemas/brand-id'
import { stripControlCharacters } from '../text/strip-control-characters'

const WEI_PER_TOKEN = 10n ** 18n

export const addPointsSaleItemParametersSchema = z.object({
  /** The seller: every purchase pays its points to this brand's address. */
  brandId: brandIdSchema,
  /** What the item is, as users see it (off chain). */
  name: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  description: z.string().trim().max(2000).optional(),
  category: z.string().trim().min(1).max(64).optional(),
  /** Whole points per unit; 0 makes a free item. */
  price: z.coerce.number().int('must be a whole number of points').nonnegative().max(1e15),
  /** Units for sale; each purchase takes `quantity` of them. */
  stock: z.coerce.number().int('must be a whole number').nonnegative().max(Number.MAX_SAFE_INTEGER),
  /** Whether it can be bought now; default true. */
  active: z.boolean().optional().default(true),
})

export type AddPointsSaleItemParameters = z.input<typeof addPointsSaleItemParametersSchema>

export type AddPointsSaleItemReturnType = PointsSaleItemRecord & {
  /** Whole points per unit, decimal string. */
  price: string
  /** Units for sale, decimal string. */
  stock: string
  active: boolean
}

/**
 * Lists an item on the deployment's PointsSale (`listItem(seller, price, stock, active)`, signed by
 * the relayer account, which holds OPERATOR_ROLE) with the brand as its seller, and records what the
 * chain does not hold (name, description, category). Users buy it through the relayer
 * (`purchaseFor` with a permit to the sale); `listPointsSaleItems` reads it back.
 */
export async function addPointsSaleItem(
  ctx: EngineContext,
  params: AddPointsSaleItemParameters,
): Promise<AddPointsSaleItemReturnType> {
  const p = parseInput(addPointsSaleItemParametersSchema, stripControlCharacters(params), 'Invalid points-sale item')
  const chain = ctx.chain
  if (!chain) throw new UnavailableError('Listing a points-sale item needs the chain', 'CHAIN_UNAVAILABLE')
  await requireBrand(ctx.storage, p.brandId)
  const to = chain.contracts.pointsSale
  const data = encodeFunctionData({
    abi: pointsSaleAbi,
    functionName: 'listItem',
    args: [p.brandId as Address, BigInt(p.price) * WEI_PER_TOKEN, BigInt(p.stock), p.active],
  })
  const outcome = await sendOperatorCall(ctx, chain, { to, data, functionName: 'listItem', brandId: p.brandId })
  const listed = requireEmittedEvent(outcome, {
    abi: pointsSaleAbi,
    eventName: 'ItemListed',
    address: to,
    functionName: 'listItem',
  })
  const record: PointsSaleItemRecord = {
    contract: to.toLowerCase(),
    itemId: Number(listed.args.itemId),
    brandId: p.brandId,
    name: p.name,
    description: p.description ?? null,
    category: p.category ?? null,
    transactionHash: outcome.txHash,
    blockNumber: Number(outcome.receipt.blockNumber),
    createdAt: ctx.clock.now(),
  }
  await ctx.storage.pointsSale.create(record)
  ctx.logger.info({ brandId: p.brandId, itemId: record.itemId }, 'points-sale item listed')
  return { ...record, price: String(p.price), stock: String(p.stock), active: p.active }
}
