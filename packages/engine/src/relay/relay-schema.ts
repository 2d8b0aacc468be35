import type { Address, Hex } from 'viem'
import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'

const address = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') })
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address (20 bytes)')
  .transform((v) => v.toLowerCase() as Address)

const bytes32 = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') })
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 32 bytes of 0x hex')
  .transform((v) => v.toLowerCase() as Hex)

/** A uint256 as a decimal string, a 0x hex string or a safe integer number. */
const uint256 = z
  .union([
    z.string().regex(/^(0|[1-9]\d{0,77}|0x[0-9a-fA-F]{1,64})$/, 'must be a non-negative integer'),
    z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  ])
  .transform((v) => BigInt(v))
  .refine((v) => v < 2n ** 256n, 'must fit in uint256')

export const relayPermitSchema = z.object({
  owner: address,
  spender: address,
  value: uint256,
  deadline: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  /** 27/28, or the y-parity 0/1. */
  v: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1 || v === 27 || v === 28, 'must be 27 or 28 (or 0/1)'),
  r: bytes32,
  s: bytes32,
})

/**
 * Body of `POST /relay` as `relay` parses it (the spec's relay request): addresses lowercased,
 * amounts as bigints, numbers coerced; unknown keys are stripped, never refused.
 */
export const relayParametersSchema = z.object({
  to: address,
  data: z
    .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string') })
    .regex(/^0x([0-9a-fA-F]{2})+$/, 'must be 0x-prefixed hex calldata')
    .max(2 + 2 * 64 * 1024, 'must be at most 64 KB')
    .transform((v) => v.toLowerCase() as Hex),
  value: uint256.optional().default(0n),
  gasLimit: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  userAddress: address,
  metadata: z
    .object({
      action: z.string().max(200).optional(),
      perkId: z.union([z.string().max(200), z.number()]).optional(),
      permit: relayPermitSchema.optional(),
    })
    .optional(),
})

export type RelayParameters = z.input<typeof relayParametersSchema>
export type RelayPermit = z.output<typeof relayPermitSchema>

const wireAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address (20 bytes)')
const wireHex32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 32 bytes of 0x hex')
/** A uint256: a decimal string (or 0x hex), or a safe integer number. */
const wireUint256 = z.union([z.string(), z.number().int().nonnegative()])

/** An ERC-2612 permit signature, executed before the relayed call (`POST /wallet/sign-typed-data` makes one). */
export const relayRequestPermitSchema = z.object({
  /** The user's wallet. */
  owner: wireAddress,
  /** The contract to approve. */
  spender: wireAddress,
  /** Amount in wei. */
  value: wireUint256,
  /** Unix seconds; clients usually set one hour ahead. */
  deadline: z.number().int(),
  /** 27/28 (or the y-parity 0/1). */
  v: z.number().int(),
  r: wireHex32,
  s: wireHex32,
})

/**
 * Body of `POST /relay` (Bearer: the user's access token) as clients send it: a call to an approved
 * contract, paid for by the relayer. Every such body parses with `relayParametersSchema`
 * (request-schemas.test.ts checks it).
 */
export const relayRequestSchema = z.object({
  /** The approved contract to call. */
  to: wireAddress,
  /** ABI-encoded call data (0x hex). */
  data: z.string().regex(/^0x([0-9a-fA-F]{2})+$/, 'must be 0x-prefixed hex calldata'),
  /** Native value in wei; default 0. */
  value: wireUint256.optional(),
  /** Default: an estimate; at most 1,000,000. */
  gasLimit: z.number().int().positive().optional(),
  /** The user's wallet: the access token's wallet. */
  userAddress: wireAddress,
  metadata: z
    .object({
      action: z.string().optional(),
      perkId: z.union([z.string(), z.number()]).optional(),
      /** Executed first (ERC-2612 `permit`) so the call can spend the user's points. */
      permit: relayRequestPermitSchema.optional(),
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
