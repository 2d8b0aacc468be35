import { pointsTokenAbi } from '@loyaltykit/contracts'
import type { Address, TypedDataDomain } from 'viem'
import { z } from 'zod'
import { requireChain } from '../chain/require-chain'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import type { ChainPort } from '../ports/chain'
import { TypedDataNotAllowedError } from './identity-errors'

/** ERC-2612's Permit struct, in the order that makes its type hash. */
export const PERMIT_TYPES = {
  Permit: [
    { name: 'owner', type: 'address' },
    { name: 'spender', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const

/** Longest permit the wallet API signs: deadline at most this far ahead (clients use one hour). */
const MAX_PERMIT_LIFETIME_SECONDS = 86_400

export type ApprovedPermit = {
  domain: TypedDataDomain
  types: typeof PERMIT_TYPES
  primaryType: 'Permit'
  message: { owner: Address; spender: Address; value: bigint; nonce: bigint; deadline: bigint }
}

const uint = z.union([
  z.string().regex(/^(0|[1-9]\d{0,77}|0x[0-9a-fA-F]{1,64})$/),
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
])
const field = z.object({ name: z.string(), type: z.string() })
const typedDataSchema = z.object({
  domain: z.object({
    name: z.string().optional(),
    version: z.string().optional(),
    chainId: uint.optional(),
    verifyingContract: z.string().optional(),
    salt: z.string().optional(),
  }),
  types: z.record(z.string(), z.array(field)),
  primaryType: z.string(),
  message: z.record(z.string(), z.unknown()),
})
const permitMessageSchema = z.object({
  owner: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  spender: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  value: uint,
  nonce: uint,
  deadline: uint,
})

const EIP712_DOMAIN_FIELDS = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
]

const sameFields = (a: readonly { name: string; type: string }[], b: readonly { name: string; type: string }[]) =>
  a.length === b.length && a.every((f, i) => f.name === b[i]?.name && f.type === b[i]?.type)

const domains = new WeakMap<ChainPort, Promise<{ name: string; version: string }>>()

/** The points token's EIP-712 domain as the contract states it (EIP-5267 `eip712Domain()`), cached per chain. */
export function tokenDomain(chain: ChainPort): Promise<{ name: string; version: string }> {
  let cached = domains.get(chain)
  if (!cached) {
    cached = chain.publicClient
      .readContract({ address: chain.contracts.pointsToken, abi: pointsTokenAbi, functionName: 'eip712Domain' })
      .then(([, name, version]) => ({ name, version }))
    cached.catch(() => domains.delete(chain))
    domains.set(chain, cached)
  }
  return cached
}

/**
 * The spenders a custodial user's permit may name: exactly the accounts that spend points only
 * through `POST /relay`, acting for the user who holds the access token (docs/identity.md#what-the-wallet-api-signs):
 * the perk collection (`claimFor`), the points sale (`purchaseFor`), the business escrow
 * (`depositFor`), each spending an allowance only from a RELAYER_ROLE call, and the relayer account
 * itself, whose only use of an allowance is a relayed `transferFrom(user, to, amount)`. Lowercase.
 */
function approvedPermitSpenders(chain: ChainPort): string[] {
  const { perkCollection, pointsSale, businessEscrow } = chain.contracts
  return [perkCollection, pointsSale, businessEscrow, chain.relayer.address].map((a) => a.toLowerCase())
}

/**
 * Accepts only what the user wallet API may sign: an ERC-2612 Permit of this deployment's points token
 * (domain exactly as the contract states it: name, version, chain id, verifying contract), owned by
 * the user's wallet, whose spender is one of `approvedPermitSpenders` (the perk collection for perk
 * claims, the points sale, the business escrow, the relayer account for a token `transferFrom`), for a value between 1 wei and the wallet's
 * balance, with a deadline in the future and at most 24 hours ahead. Anything else throws
 * TypedDataNotAllowedError (403) with the reason.
 */
export async function approvedPermit(
  ctx: EngineContext,
  p: { owner: string; typedData: unknown; balanceWei: bigint },
): Promise<ApprovedPermit> {
  const chain = requireChain(ctx)
  const parsed = typedDataSchema.safeParse(p.typedData)
  if (!parsed.success) throw new TypedDataNotAllowedError('The body is not EIP-712 typed data')
  const { domain, types, primaryType, message } = parsed.data
  if (primaryType !== 'Permit') {
    throw new TypedDataNotAllowedError('Only ERC-2612 permits of the points token are signed', { primaryType })
  }
  const { EIP712Domain, ...rest } = types
  if (Object.keys(rest).length !== 1 || !rest.Permit || !sameFields(rest.Permit, PERMIT_TYPES.Permit)) {
    throw new TypedDataNotAllowedError('types must be exactly the ERC-2612 Permit struct')
  }
  if (EIP712Domain && !sameFields(EIP712Domain, EIP712_DOMAIN_FIELDS)) {
    throw new TypedDataNotAllowedError('EIP712Domain must be (name, version, chainId, verifyingContract)')
  }
  let expected: { name: string; version: string }
  try {
    expected = await tokenDomain(chain)
  } catch (cause) {
    throw new UnavailableError('Cannot read the token domain from the chain', 'CHAIN_UNAVAILABLE', {}, cause)
  }
  const token = chain.contracts.pointsToken
  if (
    domain.name !== expected.name ||
    domain.version !== expected.version ||
    domain.chainId === undefined ||
    BigInt(domain.chainId) !== BigInt(chain.chainId) ||
    domain.verifyingContract?.toLowerCase() !== token.toLowerCase() ||
    domain.salt !== undefined
  ) {
    throw new TypedDataNotAllowedError('The domain is not the points token of this deployment', {
      expected: { name: expected.name, version: expected.version, chainId: chain.chainId, verifyingContract: token },
    })
  }
  const m = permitMessageSchema.safeParse(message)
  if (!m.success) throw new TypedDataNotAllowedError('The permit message is malformed')
  if (m.data.owner.toLowerCase() !== p.owner.toLowerCase()) {
    throw new TypedDataNotAllowedError("The permit's owner is not your wallet", { owner: p.owner })
  }
  const spenders = approvedPermitSpenders(chain)
  if (!spenders.some((s) => s === m.data.spender.toLowerCase())) {
    throw new TypedDataNotAllowedError('The spender is not an approved contract or the relayer', { allowed: spenders })
  }
  const value = BigInt(m.data.value)
  if (value <= 0n || value > p.balanceWei) {
    throw new TypedDataNotAllowedError('The permit value must be positive and at most your balance', {
      balanceWei: p.balanceWei.toString(),
    })
  }
  const deadline = BigInt(m.data.deadline)
  const now = BigInt(Math.floor(ctx.clock.now() / 1000))
  if (deadline <= now || deadline > now + BigInt(MAX_PERMIT_LIFETIME_SECONDS)) {
    throw new TypedDataNotAllowedError('The deadline must be in the future and at most 24 hours ahead', {
      maxLifetimeSeconds: MAX_PERMIT_LIFETIME_SECONDS,
    })
  }
  return {
    domain: { name: expected.name, version: expected.version, chainId: chain.chainId, verifyingContract: token },
    types: PERMIT_TYPES,
    primaryType: 'Permit',
    message: {
      owner: m.data.owner as Address,
      spender: m.data.spender as Address,
      value,
      nonce: BigInt(m.data.nonce),
      deadline,
    },
  }
}
