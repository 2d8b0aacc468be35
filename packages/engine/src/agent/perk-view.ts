import { perkCollectionAbi } from '@loyaltykit/contracts'
import { z } from 'zod'
import { requireChain } from '../chain/require-chain'
import type { EngineContext } from '../context'
import { WEI_PER_TOKEN } from '../minting/mint-amount'
import type { PerkRecord } from '../ports/perk-store'

/** A perk as the agent API shows it (agent-api.md "Perk"); price, stock and activity are read live from the chain. */
export const perkViewSchema = z.object({
  id: z.string(),
  collectionId: z.number().int(),
  brandId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  /** Whole tokens. */
  cost: z.number(),
  /** 0 = unlimited. */
  maxSupply: z.number().int(),
  claimed: z.number().int(),
  /** Left to claim; null when unlimited. */
  available: z.number().int().nullable(),
  /** 0 = unlimited. */
  maxPerUser: z.number().int(),
  isActive: z.boolean(),
  discountCode: z.string().nullable(),
})

export type PerkView = z.output<typeof perkViewSchema>

/** The fields a per-perk analytics row opens with (perk_analytics, perk_intelligence). */
export const perkRowSchema = perkViewSchema.pick({ id: true, collectionId: true, name: true, cost: true })

/** The perks of `records`, each with its collection read from the chain (in parallel). */
export async function perkViews(ctx: EngineContext, records: readonly PerkRecord[]): Promise<PerkView[]> {
  if (records.length === 0) return []
  const chain = requireChain(ctx)
  return Promise.all(
    records.map(async (r) => {
      const c = await chain.publicClient.readContract({
        address: chain.contracts.perkCollection,
        abi: perkCollectionAbi,
        functionName: 'collection',
        args: [BigInt(r.collectionId)],
      })
      const maxSupply = Number(c.maxSupply)
      const claimed = Number(c.claimed)
      return {
        id: r.id,
        collectionId: r.collectionId,
        brandId: r.brandId,
        name: r.name,
        description: r.description,
        category: r.category,
        cost: Number(c.price / WEI_PER_TOKEN),
        maxSupply,
        claimed,
        available: maxSupply === 0 ? null : Math.max(0, maxSupply - claimed),
        maxPerUser: Number(c.maxPerUser),
        isActive: c.active,
        discountCode: r.discountCode,
      }
    }),
  )
}
