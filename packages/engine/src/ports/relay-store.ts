/** What a relayer transaction is for: a user's permit, a user's call, or an operator call (perk charges, perk creation). */
export type RelayTxKind = 'permit' | 'call' | 'operator'

/**
 * signed: stored before any broadcast (the raw form can be re-broadcast after a crash) · sent: a
 * node accepted it · confirmed / reverted: mined with that receipt status · dropped: never mined and
 * never will be (its nonce was released or reused).
 */
export type RelayTxStatus = 'signed' | 'sent' | 'confirmed' | 'reverted' | 'dropped'

/** One transaction signed by the relayer account. */
export type RelayTxRecord = {
  txHash: string
  chainId: number
  /** Lowercase 0x address of the relayer account. */
  signer: string
  nonce: number
  /** Signed raw transaction (0x hex). */
  raw: string
  kind: RelayTxKind
  /** Lowercase 0x address of the contract called. */
  to: string
  /** Name of the decoded function (`claimFor`, `permit`, `useCharges`, …). */
  functionName: string
  /** Lowercase 0x address of the user the call acts for; null for operator calls. */
  userAddress: string | null
  /** The brand the gas is attributed to, when known. */
  brandId: string | null
  gasLimit: string
  maxFeePerGas: string
  maxPriorityFeePerGas: string
  status: RelayTxStatus
  gasUsed: string | null
  effectiveGasPrice: string | null
  blockNumber: number | null
  error: string | null
  createdAt: number
  updatedAt: number
}

export type RelayGasSubject = { kind: 'user' | 'brand'; id: string }

/** Gas spent by the relayer for one subject on one UTC day. */
export type RelayGasUsage = {
  /** Gas units of mined (confirmed or reverted) transactions. */
  gasUsed: number
  transactions: number
}

/**
 * The relayer's durable state: the transactions it signs (stored before broadcast) and gas spent per
 * user and per brand and day. Its rate limits live in RateLimitStore.
 */
export interface RelayStore {
  /**
   * Inserts every record in one statement; `txHash` is unique. A record whose hash is stored as
   * `dropped` (the same signed bytes: a nonce released and reserved again for the same call, e.g.
   * after a "nonce too high" from another process's gap) is stored again in its place. Throws, storing
   * none of them, when a hash is stored and not dropped.
   */
  recordTransactions(records: RelayTxRecord[]): Promise<void>
  getTransaction(txHash: string): Promise<RelayTxRecord | undefined>
  /** Moves `signed` rows to `sent` (others untouched). */
  markSent(p: { txHashes: string[]; now: number }): Promise<void>
  /** Marks a transaction that was never mined `dropped` unless it is settled already. */
  dropTransaction(p: { txHash: string; error: string; now: number }): Promise<void>
  /**
   * Atomic: records the receipt of a `signed`/`sent` transaction and answers true; answers false
   * when the transaction is settled already (by another process or an earlier call). Callers add
   * the gas usage only on `true`, in the same storage transaction, so gas is counted once.
   */
  settleTransaction(p: {
    txHash: string
    status: 'confirmed' | 'reverted'
    gasUsed: string
    effectiveGasPrice: string
    blockNumber: number
    now: number
  }): Promise<boolean>
  /** Every stored attempt at one nonce of a signer (a transaction and its replacements), oldest first. */
  listByNonce(p: { chainId: number; signer: string; nonce: number }): Promise<RelayTxRecord[]>
  /** `signed` and `sent` transactions of a signer, lowest nonce first (recovery after a restart). */
  listUnsettled(p: { chainId: number; signer: string }): Promise<RelayTxRecord[]>

  /** Atomic add (upsert) to the subject's usage of `day` (`YYYY-MM-DD`, UTC). */
  addGasUsage(p: { subject: RelayGasSubject; day: string; gasUsed: number; transactions: number }): Promise<void>
  getGasUsage(p: { subject: RelayGasSubject; day: string }): Promise<RelayGasUsage>
}
