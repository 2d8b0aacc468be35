import { perkCollectionAbi } from '@loyaltykit/contracts'
import { type Address, encodeFunctionData } from 'viem'
import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import { externalApiUrlSchema } from '../constraints/external-api-url'
import { setPerkConstraint } from '../constraints/set-perk-constraint'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import type { PerkRecord } from '../ports/perk-store'
import { requireEmittedEvent } from '../relay/require-emitted-event'
import { sendOperatorCall } from '../relay/send-operator-call'
import { brandIdSchema } from '../schemas/brand-id'

const WEI_PER_TOKEN = 10n ** 18n
const count = (max: number) => z.coerce.number().int().nonnegative().max(max)

export const createPerkParametersSchema = z.object({
  brandId: brandIdSchema,
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters on purpose
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
  /** Whole tokens; 0 makes a free perk. */
  price: z.coerce.number().int('must be a whole number of tokens').nonnegative().max(1e15),
  /** 0 or absent: unlimited. */
  maxSupply: count(Number.MAX_SAFE_INTEGER).optional().default(0),
  /** 0 or absent: unlimited. */
  maxPerUser: count(Number.MAX_SAFE_INTEGER).optional().default(0),
  /** Charges of each claimed token; default 1. */
  charges: count(2 ** 32 - 1)
    .optional()
    .default(1),
  category: z.string().trim().min(1).max(64).optional(),
  description: z.string().trim().max(2000).optional(),
  /** Free-form labels (at most 20, each 1–50 characters). */
  tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
  /** A code shown to the holder at checkout. */
  discountCode: z.string().trim().min(1).max(100).optional(),
  /** External purchase-constraint API asked before every claim (see setPerkConstraint). */
  constraintUrl: externalApiUrlSchema.optional(),
})

export type CreatePerkParameters = z.input<typeof createPerkParametersSchema>

/**
 * Creates a perk collection for a brand on the deployment's PerkCollection (`createCollection`,
 * signed by the relayer account, which holds OPERATOR_ROLE; the claims' points go to the brand's
 * address, its brandId) and records it with what the chain does not hold (category, description, a
 * UUID). With `constraintUrl`, declares the external purchase constraint too.
 */
export async function createPerk(ctx: EngineContext, params: CreatePerkParameters): Promise<PerkRecord> {
  const p = parseInput(createPerkParametersSchema, params, 'Invalid perk')
  const chain = ctx.chain
  if (!chain) throw new UnavailableError('Creating a perk needs the chain', 'CHAIN_UNAVAILABLE')
  await requireBrand(ctx.storage, p.brandId)
  const data = encodeFunctionData({
    abi: perkCollectionAbi,
    functionName: 'createCollection',
    args: [
      p.brandId as Address,
      p.name,
      BigInt(p.price) * WEI_PER_TOKEN,
      BigInt(p.maxSupply),
      BigInt(p.maxPerUser),
      p.charges,
      true,
    ],
  })
  const to = chain.contracts.perkCollection
  const outcome = await sendOperatorCall(ctx, chain, { to, data, functionName: 'createCollection', brandId: p.brandId })
  const created = requireEmittedEvent(outcome, {
    abi: perkCollectionAbi,
    eventName: 'CollectionCreated',
    address: to,
    functionName: 'createCollection',
  })
  const perk: PerkRecord = {
    id: ctx.ids.uuid(),
    collectionId: Number(created.args.collectionId),
    brandId: p.brandId,
    name: p.name,
    description: p.description ?? null,
    category: p.category ?? null,
    price: String(p.price),
    maxSupply: p.maxSupply,
    maxPerUser: p.maxPerUser,
    charges: p.charges,
    transactionHash: outcome.txHash,
    blockNumber: Number(outcome.receipt.blockNumber),
    createdAt: ctx.clock.now(),
    isActive: true,
    tags: p.tags ? [...new Set(p.tags)] : [],
    discountCode: p.discountCode ?? null,
    updatedAt: ctx.clock.now(),
  }
  await ctx.storage.perks.create(perk)
  if (p.constraintUrl) {
    await setPerkConstraint(ctx, { brandId: p.brandId, collectionId: perk.collectionId, apiUrl: p.constraintUrl })
  }
  ctx.logger.info({ brandId: p.brandId, collectionId: perk.collectionId, perkId: perk.id }, 'perk created')
  return perk
}
