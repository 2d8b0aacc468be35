import type { Address, Hex } from 'viem'
import { z } from 'zod'

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

/** The spec's relay request (unknown keys are stripped, never refused). */
export const relayRequestSchema = z.object({
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

export type RelayRequest = z.output<typeof relayRequestSchema>
export type RelayPermit = z.output<typeof relayPermitSchema>
