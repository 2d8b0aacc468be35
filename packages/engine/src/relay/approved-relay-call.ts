import { businessEscrowAbi, perkCollectionAbi, pointsSaleAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { type Abi, type Address, decodeFunctionData, type Hex, toFunctionSelector } from 'viem'
import type { ContractAddresses } from '../ports/chain'
import { ContractNotWhitelistedError, TransactionNotAllowedError } from './relay-errors'

type ApprovedContractKind = keyof ContractAddresses

/**
 * What the relayer executes, beyond the spec's contract list: one function per approved contract,
 * and only when the call acts for the requesting user (its first argument is the user).
 */
const APPROVED_RELAY_FUNCTIONS = {
  pointsToken: { abi: pointsTokenAbi, functions: ['transferFrom'] },
  perkCollection: { abi: perkCollectionAbi, functions: ['claimFor'] },
  pointsSale: { abi: pointsSaleAbi, functions: ['purchaseFor'] },
  businessEscrow: { abi: businessEscrowAbi, functions: ['depositFor'] },
} as const satisfies Record<ApprovedContractKind, { abi: Abi; functions: readonly string[] }>

/** A relay call that passed the contract, function and acting-for checks. */
export type ApprovedRelayCall =
  | { kind: 'pointsToken'; functionName: 'transferFrom'; actsFor: Address; recipient: Address; amount: bigint }
  | { kind: 'perkCollection'; functionName: 'claimFor'; actsFor: Address; collectionId: bigint }
  | { kind: 'pointsSale'; functionName: 'purchaseFor'; actsFor: Address; itemId: bigint; quantity: bigint }
  | { kind: 'businessEscrow'; functionName: 'depositFor'; actsFor: Address; business: Address; amount: bigint }

const lower = (a: string) => a.toLowerCase()

/**
 * Checks `to` and `data` of a relay request: `to` must be one of the deployment's approved contracts
 * (else ContractNotWhitelistedError), `data` must call an approved function of it (else
 * TransactionNotAllowedError with the allowed function list), and the call must act for `user`:
 * `transferFrom(user, …)`, `claimFor(user, …)`, `purchaseFor(user, …)`, `depositFor(user, …)`.
 */
export function approvedRelayCall(
  contracts: ContractAddresses,
  p: { to: Address; data: Hex; user: Address },
): ApprovedRelayCall {
  const entry = (Object.entries(contracts) as [ApprovedContractKind, Address][]).find(
    ([, address]) => lower(address) === lower(p.to),
  )
  if (!entry) throw new ContractNotWhitelistedError(p.to, Object.values(contracts).map(lower))
  const [kind] = entry
  const { abi, functions } = APPROVED_RELAY_FUNCTIONS[kind]
  const allowed = functions.map((name) => {
    const item = (abi as Abi).find((i) => i.type === 'function' && i.name === name)
    return item ? `${name} (${toFunctionSelector(item as never)})` : name
  })
  let decoded: { functionName: string; args: readonly unknown[] }
  try {
    decoded = decodeFunctionData({ abi: abi as Abi, data: p.data }) as typeof decoded
  } catch {
    throw new TransactionNotAllowedError('Function not approved for relaying', {
      reason: 'FUNCTION_NOT_APPROVED',
      contract: lower(p.to),
      function: p.data.slice(0, 10),
      allowed,
    })
  }
  if (!(functions as readonly string[]).includes(decoded.functionName)) {
    throw new TransactionNotAllowedError('Function not approved for relaying', {
      reason: 'FUNCTION_NOT_APPROVED',
      contract: lower(p.to),
      function: decoded.functionName,
      allowed,
    })
  }
  const args = decoded.args
  const actsFor = lower(String(args[0])) as Address
  if (actsFor !== lower(p.user)) {
    throw new TransactionNotAllowedError('The call acts for another address than userAddress', {
      reason: 'ACTS_FOR_ANOTHER_ADDRESS',
      contract: lower(p.to),
      function: decoded.functionName,
      actsFor,
      allowed: [lower(p.user)],
    })
  }
  switch (kind) {
    case 'pointsToken':
      return {
        kind,
        functionName: 'transferFrom',
        actsFor,
        recipient: lower(String(args[1])) as Address,
        amount: args[2] as bigint,
      }
    case 'perkCollection':
      return { kind, functionName: 'claimFor', actsFor, collectionId: args[1] as bigint }
    case 'pointsSale':
      return { kind, functionName: 'purchaseFor', actsFor, itemId: args[1] as bigint, quantity: args[2] as bigint }
    case 'businessEscrow':
      return {
        kind,
        functionName: 'depositFor',
        actsFor,
        business: lower(String(args[1])) as Address,
        amount: args[2] as bigint,
      }
  }
}
