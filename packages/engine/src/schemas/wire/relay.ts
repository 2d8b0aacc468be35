import { z } from 'zod'
import { wireFormats } from './wire-formats'

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address (20 bytes)')
const hex32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 32 bytes of 0x hex')
/** A uint256: a decimal string (or 0x hex), or a safe integer number. */
const uint256 = z.union([z.string(), z.number().int().nonnegative()])

/** An ERC-2612 permit signature, executed before the relayed call (`POST /wallet/sign-typed-data` makes one). */
export const relayPermitWireSchema = z.object({
  /** The user's wallet. */
  owner: address,
  /** The contract to approve. */
  spender: address,
  /** Amount in wei. */
  value: uint256,
  /** Unix seconds; clients usually set one hour ahead. */
  deadline: z.number().int(),
  /** 27/28 (or the y-parity 0/1). */
  v: z.number().int(),
  r: hex32,
  s: hex32,
})

/**
 * Body of `POST /relay` (Bearer: the user's access token): a call to an approved contract, paid for
 * by the relayer. The server parses it with `relayRequestSchema` (unknown keys are stripped);
 * this schema is the shape clients send.
 */
export const relayWireRequestSchema = z.object({
  /** The approved contract to call. */
  to: address,
  /** ABI-encoded call data (0x hex). */
  data: z.string().regex(/^0x([0-9a-fA-F]{2})+$/, 'must be 0x-prefixed hex calldata'),
  /** Native value in wei; default 0. */
  value: uint256.optional(),
  /** Default: an estimate; at most 1,000,000. */
  gasLimit: z.number().int().positive().optional(),
  /** The user's wallet: the access token's wallet. */
  userAddress: address,
  metadata: z
    .object({
      action: z.string().optional(),
      perkId: z.union([z.string(), z.number()]).optional(),
      /** Executed first (ERC-2612 `permit`) so the call can spend the user's points. */
      permit: relayPermitWireSchema.optional(),
    })
    .optional(),
})

/** 200 body of `POST /relay`: the relayed transaction, mined. */
export const relayResponseSchema = z.object({
  success: z.literal(true),
  transactionHash: wireFormats.transactionHash,
  /** Decimal string. */
  gasUsed: z.string().regex(/^\d+$/),
  /** Wei, decimal string. */
  effectiveGasPrice: z.string().regex(/^\d+$/),
  blockNumber: z.number().int().nonnegative(),
  /** The relayer account (it paid the gas). */
  from: z.string(),
  /** The contract called. */
  to: z.string(),
  status: z.literal('confirmed'),
  /** `<explorer>/tx/<hash>` when a block explorer is configured. */
  explorerUrl: z.string().optional(),
  /** The permit's own transaction, when `metadata.permit` needed executing first. */
  permitTransactionHash: wireFormats.transactionHash.optional(),
})
