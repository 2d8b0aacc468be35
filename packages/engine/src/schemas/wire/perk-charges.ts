import { z } from 'zod'
import { wireFormats } from './wire-formats'

/** A collection or token id: a positive integer, as a number or a decimal string (large ids). */
const perkId = z.union([z.string().regex(/^[1-9]\d{0,76}$/), z.number().int().positive()])

/** Body of `POST /redeem-perk` (brand-signed): uses charges of a claimed perk token. */
export const redeemPerkRequestSchema = z.object({
  collectionId: perkId,
  tokenId: perkId,
  /** Charges to use; default 1. */
  charges: z.number().int().positive().optional(),
})

/** 200 body of `POST /redeem-perk`: the charges were used on chain. */
export const redeemPerkResponseSchema = z.object({
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

/** Query of `GET /check-perk-status` (brand-signed). */
export const checkPerkStatusRequestSchema = z.object({
  collectionId: perkId,
  tokenId: perkId,
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
export const checkPerkStatusResponseSchema = perkHolderSchema.extend({
  success: z.literal(true),
  collectionId: z.string(),
})

/** Query of `GET /list-perk-holders` (brand-signed). */
export const listPerkHoldersRequestSchema = z.object({
  collectionId: perkId,
  /** Page size; default 50, max 200. */
  limit: z.number().int().min(1).max(200).optional(),
  /** Tokens to skip (claim order); default 0. */
  offset: z.number().int().min(0).optional(),
})

/** 200 body of `GET /list-perk-holders`: one page of the collection's claimed tokens, in claim order. */
export const listPerkHoldersResponseSchema = z.object({
  success: z.literal(true),
  collectionId: z.string(),
  /** The collection's name. */
  name: z.string(),
  holders: z.array(perkHolderSchema),
  /** Tokens claimed from the collection. */
  total: wireFormats.count,
  limit: z.number().int(),
  offset: z.number().int(),
  hasMore: z.boolean(),
})
