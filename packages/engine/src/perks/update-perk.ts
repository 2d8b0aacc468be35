import { perkCollectionAbi } from '@loyaltykit/contracts'
import { encodeFunctionData } from 'viem'
import { z } from 'zod'
import type { EngineContext } from '../context'
import { NotFoundError, UnavailableError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { WEI_PER_TOKEN } from '../minting/mint-amount'
import type { PerkRecord } from '../ports/perk-store'
import { sendOperatorCall } from '../relay/send-operator-call'
import { brandIdSchema } from '../schemas/brand-id'

const updatePerkParametersSchema = z.object({
  brandId: brandIdSchema,
  collectionId: z.number().int().min(1),
  /** Whole tokens (`setPrice` on chain). */
  price: z.number().int().min(0).max(1e15).optional(),
  /** `setActive` on chain. */
  isActive: z.boolean().optional(),
  /** Off chain; null clears it. */
  description: z.string().trim().min(1).max(2000).nullable().optional(),
})

type UpdatePerkParameters = z.input<typeof updatePerkParametersSchema>

/**
 * Changes a brand's perk collection: the price (`setPrice`) and the active flag (`setActive`) on the
 * PerkCollection contract, one operator transaction each, only when they differ from the stored
 * values; then the stored record (price, is_active, description). A collection that is not the
 * brand's is 404 PERK_NOT_FOUND, as an unknown one. The supply and per-user limit cannot change (the
 * contract has no setter). Answers the record and the transactions sent, in order.
 */
export async function updatePerk(
  ctx: EngineContext,
  params: UpdatePerkParameters,
): Promise<{ perk: PerkRecord; transactionHashes: string[] }> {
  const p = parseInput(updatePerkParametersSchema, params, 'Invalid perk')
  const record = await ctx.storage.perks.getByCollectionId(p.collectionId)
  if (!record || record.brandId !== p.brandId) {
    throw new NotFoundError(`No perk collection ${p.collectionId} at brand ${p.brandId}`, 'PERK_NOT_FOUND', {
      collectionId: p.collectionId,
    })
  }
  const chain = ctx.chain
  const calls: Array<{ functionName: 'setPrice' | 'setActive'; data: `0x${string}` }> = []
  if (p.price !== undefined && String(p.price) !== record.price) {
    const args = [BigInt(p.collectionId), BigInt(p.price) * WEI_PER_TOKEN] as const
    calls.push({
      functionName: 'setPrice',
      data: encodeFunctionData({ abi: perkCollectionAbi, functionName: 'setPrice', args }),
    })
  }
  if (p.isActive !== undefined && p.isActive !== record.isActive) {
    const args = [BigInt(p.collectionId), p.isActive] as const
    calls.push({
      functionName: 'setActive',
      data: encodeFunctionData({ abi: perkCollectionAbi, functionName: 'setActive', args }),
    })
  }
  if (calls.length > 0 && !chain) throw new UnavailableError('Changing a perk needs the chain', 'CHAIN_UNAVAILABLE')
  const transactionHashes: string[] = []
  for (const call of calls) {
    const to = (chain as NonNullable<typeof chain>).contracts.perkCollection
    const outcome = await sendOperatorCall(ctx, chain as NonNullable<typeof chain>, { to, brandId: p.brandId, ...call })
    transactionHashes.push(outcome.txHash)
  }
  const perk = await ctx.storage.perks.update(
    record.id,
    {
      ...(p.price === undefined ? {} : { price: String(p.price) }),
      ...(p.isActive === undefined ? {} : { isActive: p.isActive }),
      ...(p.description === undefined ? {} : { description: p.description }),
    },
    ctx.clock.now(),
  )
  ctx.logger.info(
    { brandId: p.brandId, collectionId: p.collectionId, transactions: transactionHashes.length },
    'perk updated',
  )
  return { perk: perk ?? record, transactionHashes }
}
