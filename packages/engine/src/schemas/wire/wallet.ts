import { z } from 'zod'
import { wireFormats } from './wire-formats'

/** 200 body of `GET /wallet` (Bearer access token): the user's wallet and points balance. */
export const walletResponseSchema = z.object({
  success: z.literal(true),
  /** The token's subject (`did:…`). */
  userId: z.string(),
  /** The user's wallet (lowercase 0x address). */
  address: wireFormats.address,
  /** Whether this server holds the wallet's key (it can sign permits for it). */
  custodial: z.boolean(),
  /** Whole tokens as a decimal string (may carry a fraction), e.g. `"150"`. */
  balance: z.string(),
  /** The same in wei (18 decimals), decimal string. */
  balanceWei: z.string().regex(/^\d+$/),
  /** The points token's address. */
  token: wireFormats.address,
})

const uint = z.union([z.string(), z.number()])
const hex = z.string().regex(/^0x[0-9a-f]*$/i)

/**
 * Body of `POST /wallet/sign-typed-data` (Bearer access token): EIP-712 typed data; only an ERC-2612
 * permit of the points token to an approved contract is signed. Large integers as decimal strings.
 */
export const signTypedDataRequestSchema = z.object({
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
export const signTypedDataResponseSchema = z.object({
  success: z.literal(true),
  signature: hex,
  v: z.number().int(),
  r: hex,
  s: hex,
  permit: permitSchema,
})
