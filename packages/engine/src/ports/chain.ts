import type { Address, LocalAccount, PublicClient, Transport } from 'viem'

export type ContractAddresses = {
  pointsToken: Address
  perkCollection: Address
  pointsSale: Address
  businessEscrow: Address
}

/**
 * The chain the engine writes to: a viem transport (an RPC URL or the embedded EDR provider), the
 * deployed contracts, and the server's signer accounts. No home-made RPC or signer abstraction.
 */
export interface ChainPort {
  chainId: number
  transport: Transport
  publicClient: PublicClient
  contracts: ContractAddresses
  /** Holds MINTER_ROLE on the points token. */
  minter: LocalAccount
  /** Block explorer base URL, when one is configured (e.g. https://explorer.example). */
  explorerUrl?: string
  /** 'embedded' for the in-process dev chain, 'rpc' for a JSON-RPC URL. */
  kind: 'embedded' | 'rpc'
}
