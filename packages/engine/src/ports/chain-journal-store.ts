/**
 * One state-changing call the embedded dev chain executed, in execution order. Replaying the journal
 * in `seq` order on a fresh chain rebuilds the same state.
 */
export type ChainJournalEntry = {
  /** Names the journal (one per embedded chain, e.g. `embedded:31337`). */
  chainKey: string
  /** 1, 2, 3, … without gaps. */
  seq: number
  /** The JSON-RPC method, e.g. `eth_sendRawTransaction`, `hardhat_setBalance`, `evm_mine`. */
  method: string
  /** JSON of the request's params (for a raw transaction: `["0x02f8…"]`). */
  params: string
  /** Hash of the transaction, for `eth_sendRawTransaction`. */
  txHash: string | null
  /** Block the call produced (null for calls that mine nothing, e.g. hardhat_setBalance). */
  blockNumber: number | null
  /** Unix seconds of that block; replay sets it with `evm_setNextBlockTimestamp`. */
  blockTimestamp: number | null
  /** State root after that block, checked on replay. */
  stateRoot: string | null
  createdAt: number
}

/** Storage of the embedded chain's journal. The embedded chain runs in ONE process at a time. */
export interface ChainJournalStore {
  /** Atomic: throws ConflictError (code CHAIN_JOURNAL_CONFLICT) when (chainKey, seq) exists. */
  append(entry: ChainJournalEntry): Promise<void>
  /** Entries with seq > afterSeq, in seq order, at most `limit`. */
  list(p: { chainKey: string; afterSeq: number; limit: number }): Promise<ChainJournalEntry[]>
  last(chainKey: string): Promise<ChainJournalEntry | undefined>
  count(chainKey: string): Promise<number>
}
