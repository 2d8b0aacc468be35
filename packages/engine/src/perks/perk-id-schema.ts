import { z } from 'zod'

/** A collection or token id: a positive integer (number or decimal string), as a bigint. */
export const perkIdSchema = z
  .union([
    z.string().regex(/^[1-9]\d{0,76}$/, 'must be a positive integer'),
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  ])
  .transform((v) => BigInt(v))

/** The same id as clients send it (no transform): a positive integer, as a number or a decimal string. */
export const perkIdRequestSchema = z.union([z.string().regex(/^[1-9]\d{0,76}$/), z.number().int().positive()])
