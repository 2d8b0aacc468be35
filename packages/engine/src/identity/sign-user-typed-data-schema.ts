import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'

const uint = z.union([z.string(), z.number()])
const hex = z.string().regex(/^0x[0-9a-f]*$/i)

/**
 * Body of `POST /wallet/sign-typed-data` (Bearer access token): EIP-712 typed data; only an ERC-2612
 * permit of the points token to an approved spender (an approved contract or, for a token
 * `transferFrom`, the relayer account) is signed. Large integers as decimal strings.
 * `signUserTypedData` checks it itself (`approvedPermit`): anything else is refused with 403.
 */
export const signUserTypedDataParametersSchema = z.object({
  domain: z.object({
    name: z.string().optional(),
    version: z.string().optional(),
    chainId: uint.optional(),
    verifyingContract: z.string().optional(),
    salt: z.string().optional(),
  }),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  message: z.record(z.string(), z.unknown()),
})

export type SignUserTypedDataParameters = z.input<typeof signUserTypedDataParametersSchema>

/** A signed ERC-2612 permit, ready for the relayer's `metadata.permit`. */
export const permitSchema = z.object({
  owner: wireFormats.address,
  spender: wireFormats.address,
  /** Amount in wei, decimal string. */
  value: z.string(),
  /** Unix seconds. */
  deadline: z.number().int(),
  v: z.number().int(),
  r: hex,
  s: hex,
})

/** 200 body of `POST /wallet/sign-typed-data`. */
export const signUserTypedDataResponseSchema = z.object({
  success: z.literal(true),
  signature: hex,
  v: z.number().int(),
  r: hex,
  s: hex,
  permit: permitSchema,
})
