import {
  businessEscrowAbi,
  businessEscrowBytecode,
  perkCollectionAbi,
  perkCollectionBytecode,
  pointsSaleAbi,
  pointsSaleBytecode,
  pointsTokenAbi,
  pointsTokenBytecode,
} from './generated/index.js'

export * from './generated/index.js'

/** A 0x-prefixed hex string (same shape as viem's `Hex`). */
export type Hex = `0x${string}`

/** AccessControl's admin role (bytes32(0)); it can grant and revoke every other role. */
export const DEFAULT_ADMIN_ROLE: Hex = '0x0000000000000000000000000000000000000000000000000000000000000000'
/** keccak256("MINTER_ROLE"): PointsToken.mintBatch. */
export const MINTER_ROLE: Hex = '0x9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a6'
/** keccak256("CLAWBACK_ROLE"): PointsToken.clawback. */
export const CLAWBACK_ROLE: Hex = '0x4bbc247fc4736523c8bdd1853fee2acfa817d663f8f4422b13e78ebf99e204a2'
/** keccak256("OPERATOR_ROLE"): PerkCollection / PointsSale / BusinessEscrow management. */
export const OPERATOR_ROLE: Hex = '0x97667070c54ef182b0f5858b034beac1b6f3089aa2d3188bb1e8929f4fa9b929'
/** keccak256("RELAYER_ROLE"): claimFor / purchaseFor / depositFor on behalf of users. */
export const RELAYER_ROLE: Hex = '0xe2b7fb3b832174769106daebcfd6d1970523240dda11281102db9363b83b0dc4'

export const roles = {
  DEFAULT_ADMIN_ROLE,
  MINTER_ROLE,
  CLAWBACK_ROLE,
  OPERATOR_ROLE,
  RELAYER_ROLE,
} as const

export type RoleName = keyof typeof roles

/** BusinessEscrow.Status as returned by `escrow(id).status`. */
export const EscrowStatus = { None: 0, Pending: 1, Released: 2, Refunded: 3 } as const
export type EscrowStatus = (typeof EscrowStatus)[keyof typeof EscrowStatus]

/** Every deployable contract with its ABI, creation bytecode and the roles it checks. */
export const contracts = {
  PointsToken: {
    abi: pointsTokenAbi,
    bytecode: pointsTokenBytecode,
    roles: ['DEFAULT_ADMIN_ROLE', 'MINTER_ROLE', 'CLAWBACK_ROLE'],
  },
  PerkCollection: {
    abi: perkCollectionAbi,
    bytecode: perkCollectionBytecode,
    roles: ['DEFAULT_ADMIN_ROLE', 'OPERATOR_ROLE', 'RELAYER_ROLE'],
  },
  PointsSale: {
    abi: pointsSaleAbi,
    bytecode: pointsSaleBytecode,
    roles: ['DEFAULT_ADMIN_ROLE', 'OPERATOR_ROLE', 'RELAYER_ROLE'],
  },
  BusinessEscrow: {
    abi: businessEscrowAbi,
    bytecode: businessEscrowBytecode,
    roles: ['DEFAULT_ADMIN_ROLE', 'OPERATOR_ROLE', 'RELAYER_ROLE'],
  },
} as const satisfies Record<string, { abi: readonly unknown[]; bytecode: Hex; roles: readonly RoleName[] }>

export type ContractName = keyof typeof contracts
