import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'
import { perkHolderSchema } from './get-perk-status-schema'
import { perkIdRequestSchema, perkIdSchema } from './perk-id-schema'

/** What `listPerkHolders` parses: the id as a bigint, the page coerced (query strings). */
export const listPerkHoldersParametersSchema = z.object({
  collectionId: perkIdSchema,
  /** Page size; default 50, max 200. */
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  /** Tokens to skip (claim order); default 0. */
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().default(0),
})

export type ListPerkHoldersParameters = z.input<typeof listPerkHoldersParametersSchema>

/** Query of `GET /list-perk-holders` (brand-signed) as clients send it. */
export const listPerkHoldersRequestSchema = z.object({
  collectionId: perkIdRequestSchema,
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
