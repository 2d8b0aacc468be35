import { z } from 'zod'

/**
 * The scalar formats of response fields, shared by the wire schemas. They validate what the server
 * sends (the HTTP conformance tests parse real responses with them); their inferred types are plain
 * `string`/`number`, so clients see no branded types.
 */
export const wireFormats = {
  /** A lowercase 0x address (wallets, brand ids, contracts as the server writes them). */
  address: z.string().regex(/^0x[0-9a-f]{40}$/, 'must be a lowercase 0x address'),
  /** A 0x transaction hash, 32 bytes, lowercase hex. */
  transactionHash: z.string().regex(/^0x[0-9a-f]{64}$/, 'must be a 0x transaction hash'),
  /** An ISO 8601 date-time in UTC (`2030-01-01T00:00:00.000Z`). */
  isoTimestamp: z.iso.datetime(),
  /** A whole number of tokens or a count. */
  count: z.number().int().nonnegative(),
} as const
