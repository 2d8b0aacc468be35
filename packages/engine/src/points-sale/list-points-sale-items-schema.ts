import { z } from 'zod'
import { brandIdSchema } from '../schemas/brand-id'
import { wireFormats } from '../schemas/wire-formats'

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])

/** What `listPointsSaleItems` parses (a query string: numbers and flags coerced). */
export const listPointsSaleItemsParametersSchema = z.object({
  /** Only the items this brand sells (the item's seller). */
  brandId: brandIdSchema.optional(),
  /** `true`: only items that can be bought now (active, stock left); `false`: only the others. */
  available: flag.optional(),
  /** Page size; default 50, max 100. */
  limit: z.coerce.number().int().min(1).max(100).optional().default(50),
  /** Items to skip (in item id order); default 0. */
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().default(0),
})

export type ListPointsSaleItemsParameters = z.input<typeof listPointsSaleItemsParametersSchema>

/** Query of `GET /points-sale/items` as clients send it. */
export const listPointsSaleItemsRequestSchema = z.object({
  /** Only the items this brand sells. */
  brandId: z.string().optional(),
  /** `true`: only items that can be bought now; `false`: only the others. */
  available: z.boolean().optional(),
  /** Page size; default 50, max 100. */
  limit: z.number().int().min(1).max(100).optional(),
  /** Items to skip (in item id order); default 0. */
  offset: z.number().int().min(0).optional(),
})

const uintString = z.string().regex(/^\d+$/, 'must be a decimal integer string')

/** One item of the points sale: its terms read from the chain, its name from storage. */
export const pointsSaleItemSchema = z.object({
  /** The item's id on the PointsSale contract: `purchaseFor(buyer, itemId, quantity)`. */
  itemId: z.number().int().positive(),
  /** What it sells, when it was listed through loyaltykit (`points-sale add`); null otherwise. */
  name: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  /** Who receives the points of each purchase (a brand id when a brand sells it). */
  seller: wireFormats.address,
  /** Points per unit, decimal string (whole points unless listed with a fraction). */
  price: z.string(),
  /** The same in wei (18 decimals): a purchase of `quantity` units needs a permit of `priceWei × quantity`. */
  priceWei: uintString,
  /** Units left. */
  stock: uintString,
  /** Units sold so far. */
  sold: uintString,
  /** Set by the operator; an inactive item cannot be bought. */
  active: z.boolean(),
  /** `active` and `stock` > 0: can be bought now. */
  available: z.boolean(),
})

/** 200 body of `GET /points-sale/items`: one page of the sale's items, in item id order. */
export const listPointsSaleItemsResponseSchema = z.object({
  success: z.literal(true),
  /** The PointsSale contract: the relay's `to`, and the permit's spender for a purchase. */
  contract: wireFormats.address,
  /** The points token: the permit's `verifyingContract`. */
  token: wireFormats.address,
  chainId: z.number().int().positive(),
  items: z.array(pointsSaleItemSchema),
  /** Items matching the filters. */
  total: wireFormats.count,
  limit: z.number().int(),
  offset: z.number().int(),
  hasMore: z.boolean(),
})
