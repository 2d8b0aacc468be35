import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'
import { perkIdRequestSchema, perkIdSchema } from './perk-id-schema'

/** What `redeemPerkCharges` parses: ids as bigints, `charges` coerced (default 1). */
export const redeemPerkChargesParametersSchema = z.object({
  collectionId: perkIdSchema,
  tokenId: perkIdSchema,
  /** Charges to use; default 1. */
  charges: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 32 - 1)
    .optional()
    .default(1),
})

export type RedeemPerkChargesParameters = z.input<typeof redeemPerkChargesParametersSchema>

/** Body of `POST /redeem-perk` (brand-signed) as clients send it: uses charges of a claimed perk token. */
export const redeemPerkChargesRequestSchema = z.object({
  collectionId: perkIdRequestSchema,
  tokenId: perkIdRequestSchema,
  /** Charges to use; default 1. */
  charges: z.number().int().positive().optional(),
})

/** 200 body of `POST /redeem-perk`: the charges were used on chain. */
export const redeemPerkChargesResponseSchema = z.object({
  success: z.literal(true),
  collectionId: z.string(),
  tokenId: z.string(),
  /** The holder (lowercase 0x address). */
  owner: wireFormats.address,
  chargesUsed: wireFormats.count,
  chargesRemaining: wireFormats.count,
  chargesTotal: wireFormats.count,
  transactionHash: wireFormats.transactionHash,
  blockNumber: z.number().int().nonnegative(),
})
