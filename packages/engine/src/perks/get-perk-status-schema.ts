import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'
import { perkIdRequestSchema, perkIdSchema } from './perk-id-schema'

/** What `getPerkStatus` parses: ids as bigints. */
export const getPerkStatusParametersSchema = z.object({ collectionId: perkIdSchema, tokenId: perkIdSchema })

export type GetPerkStatusParameters = z.input<typeof getPerkStatusParametersSchema>

/** Query of `GET /check-perk-status` (brand-signed) as clients send it. */
export const getPerkStatusRequestSchema = z.object({
  collectionId: perkIdRequestSchema,
  tokenId: perkIdRequestSchema,
})

/** One claimed perk token and its charges. */
export const perkHolderSchema = z.object({
  tokenId: z.string(),
  /** The current holder (lowercase 0x address). */
  owner: wireFormats.address,
  chargesRemaining: wireFormats.count,
  chargesTotal: wireFormats.count,
  /** `active` while charges remain, else `depleted`. */
  status: z.enum(['active', 'depleted']),
  /** When the token was claimed, ISO 8601. */
  claimedAt: wireFormats.isoTimestamp,
})

/** 200 body of `GET /check-perk-status`. */
export const getPerkStatusResponseSchema = perkHolderSchema.extend({
  success: z.literal(true),
  collectionId: z.string(),
})
