import type { Address, Hash, Hex, TransactionReceipt } from 'viem'
import type { RelayTxKind, RelayTxRecord } from '../ports/relay-store'
import type { Stores } from '../ports/storage'
import type { SignerRuntime } from '../signers/signer-runtime'

/** One transaction the relayer account should sign and send. */
export type RelayTxIntent = {
  kind: RelayTxKind
  to: Address
  data: Hex
  /** Explicit gas limit (estimated by the caller); checked against the relayer's caps. */
  gas: bigint
  functionName: string
  /** The user the call acts for (gas is counted for them), or null. */
  userAddress: string | null
  /** The brand the gas is attributed to, or null. */
  brandId: string | null
  /**
   * Runs in the storage transaction that stores the signed transaction (each time it is signed:
   * a re-signed request runs it again), so what it writes is committed with the signature or not at
   * all; throwing rolls back the whole group's signing (its requests fail with the error).
   */
  onSigned?(tx: Stores, record: RelayTxRecord): Promise<void>
}

/** A mined transaction (its receipt may say `reverted`). */
export type RelayTxOutcome = { txHash: Hash; nonce: number; receipt: TransactionReceipt }

export type RelaySenderStats = {
  groups: number
  largestGroup: number
  sent: number
  requeued: number
  failed: number
  recoveries: number
  /** Stuck transactions replaced with higher fees (RPC chains). */
  replaced: number
}

/** A request waiting in the sender's queue (or signed, broadcast, tracked). */
export type PendingRelay = {
  intent: RelayTxIntent
  receiptTimeoutMs: number
  replaceAfterMs: number
  attempts: number
  resolve(outcome: RelayTxOutcome): void
  reject(error: unknown): void
}

/** A request with its stored, signed transaction. */
export type SignedRelay = { item: PendingRelay; record: RelayTxRecord }

/** What the parts of one relay sender share: the relayer account, counters, recovery flags. */
export type RelaySenderRuntime = SignerRuntime & {
  stats: RelaySenderStats
  /** True until stored transactions were looked at (first use, start, and again after trouble). */
  needsRecovery: boolean
  /** Set after "nonce too high" / "underpriced": the next recovery releases nonces no stored transaction uses. */
  fillGaps: boolean
  /** True once `stop()` was called: receipt tracking ends, new sends are refused. */
  stopping: boolean
  /** Marks a stored transaction dropped, giving its nonce back when `release`. */
  drop(tx: Stores, record: RelayTxRecord, error: string, release: boolean): Promise<void>
}
