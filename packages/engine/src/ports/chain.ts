import type { Address, Hex, LocalAccount, PublicClient, TransactionReceipt, Transport } from 'viem'

export type ContractAddresses = {
  pointsToken: Address
  perkCollection: Address
  pointsSale: Address
  businessEscrow: Address
}

/**
 * Ceilings checked before the server signs any transaction (see `assertWithinGasCaps` and
 * `withGasCaps` in src/chain/). A transaction over a cap is refused, never clamped silently.
 */
export type GasCaps = {
  /** Highest fee per gas in wei: `maxFeePerGas` of EIP-1559 transactions, `gasPrice` of legacy ones. */
  maxFeePerGas: bigint
  /** Highest gas limit of one transaction. */
  maxGas: bigint
}

/**
 * The chain the engine writes to: a viem transport (an RPC URL or the embedded EDR provider), the
 * deployed contracts, and the server's signer accounts. No home-made RPC or signer abstraction.
 *
 * Concurrency: the transport and clients are safe to share. Each signer account has ONE nonce
 * sequence; whoever signs with it must take nonces from the storage's NonceStore (the minter does),
 * never from `getTransactionCount` alone.
 */
export interface ChainPort {
  chainId: number
  transport: Transport
  publicClient: PublicClient
  contracts: ContractAddresses
  /** Holds MINTER_ROLE on the points token. Signs only within `gasCaps`. */
  minter: LocalAccount
  /** Holds RELAYER_ROLE on the perk collection, points sale and escrow; pays relayed gas. Signs only within `gasCaps`. */
  relayer: LocalAccount
  /** Server-wide signing caps; a feature may apply stricter ones (the relayer's 1,000,000 gas). */
  gasCaps: GasCaps
  /** Block explorer base URL, when one is configured (e.g. https://explorer.example). */
  explorerUrl?: string
  /** 'embedded' for the in-process dev chain, 'rpc' for a JSON-RPC URL. */
  kind: 'embedded' | 'rpc'
  /**
   * Set when this process runs the chain alone (the embedded chain: an OS lock on its data folder
   * and the database lease `embedded-chain:<key>`): an id of this start of the chain. No other live
   * process can sign on it, so the signer leases of its accounts held under another hold (an
   * earlier start, killed) are taken over at once instead of waited for (`createSignerLease`).
   * Absent on RPC chains, which several processes share. Serving this chain's provider to other
   * processes (as some tests do) voids the promise: then do not run signers on both sides.
   */
  exclusiveHold?: string
  /**
   * Embedded chain only: broadcasts one account's signed transactions (in nonce order) and mines
   * them together (one block when they fit, instead of a block each). The first `mined` are mined,
   * `receipts` in the same order (a status may be reverted); when fewer than all, `error` is why
   * the next one was not (classify it with `classifySendError`) and nothing behind it was kept.
   * Absent on RPC chains.
   */
  sendRawTransactions?(
    raws: readonly Hex[],
  ): Promise<{ mined: number; receipts: TransactionReceipt[]; error?: unknown }>
}
