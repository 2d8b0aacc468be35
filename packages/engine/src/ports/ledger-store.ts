/**
 * The ledger of value movements (docs/ledger.md): one entry per wallet a movement touches, written
 * in the same storage transaction as the operation it records. Owned by src/ledger/.
 *
 * reward · purchase · grant · agent_reward: tokens minted to the wallet (positive); written `pending`
 * with their mint job and settled by the minter · redemption: a perk claim, negative on the claimer ·
 * transfer: points moved between wallets through the relayer, one entry per side (negative on the
 * sender) · clawback: tokens burned from the wallet on a refund (negative).
 */
export type LedgerKind = 'reward' | 'purchase' | 'grant' | 'agent_reward' | 'redemption' | 'transfer' | 'clawback'

export const LEDGER_KINDS: readonly LedgerKind[] = [
  'reward',
  'purchase',
  'grant',
  'agent_reward',
  'redemption',
  'transfer',
  'clawback',
]

/**
 * pending: decided, not on chain yet (a mint job waits) · confirmed: on chain in `txHash`, log
 * `logIndex` · failed: the last transaction (or simulation) of its mint reverted; the minter retries
 * it, and its confirmation turns the entry `confirmed`.
 */
export type LedgerStatus = 'pending' | 'confirmed' | 'failed'

export type LedgerEntry = {
  /** UUID. */
  id: string
  /** The brand the movement belongs to; null for transfers between users that no brand is party to. */
  brandId: string | null
  /** Lowercase 0x address whose balance moves. */
  walletAddress: string
  /** The member in wallet-owner form (`email:ann@example.com`, `oauth:discord:123`, `agent:lak_…`); null when unknown. */
  userKey: string | null
  kind: LedgerKind
  /** Signed whole tokens (rounded toward zero when `amountWei` is not a whole number of tokens). */
  amount: number
  /** Signed wei, decimal string: the exact amount (what reconcile sums). */
  amountWei: string
  /** What the entry records: `event`, `checkout_session`, `mint_job`, `perk_claim`, `token_transfer`, `refund`, … */
  sourceType: string
  /** Its id: event id, session id, mint job id, `<collectionId>:<tokenId>`, `<txHash>:<logIndex>`, refund id. */
  sourceId: string
  /** The other side of a transfer or redemption (lowercase address); null for mints and burns. */
  counterparty: string | null
  mintJobId: string | null
  /** 0x bytes32 batch id of the mint (set when the minter settles it). */
  batchId: string | null
  txHash: string | null
  blockNumber: number | null
  /** Index (in its block) of the token `Transfer` log that moved this amount for this wallet. */
  logIndex: number | null
  status: LedgerStatus
  /** What proof needs later, e.g. for a reward the rule as judged. Small JSON object. */
  snapshot: Record<string, unknown> | null
  createdAt: number
  confirmedAt: number | null
}

/** Position in a list ordered newest first by (createdAt, id). */
export type LedgerCursor = { createdAt: number; id: string }

export type LedgerPage = {
  entries: LedgerEntry[]
  /** Pass as `before` for the next page; null on the last page. */
  next: LedgerCursor | null
}

/** A wallet's totals at one brand, over every status (a reward counts once granted). */
export type MemberTotals = {
  /** Σ reward entries. */
  earned: number
  /** Σ purchase entries. */
  bought: number
  /** Σ grant and agent_reward entries. */
  granted: number
  /** −Σ redemption entries (a positive number). */
  redeemed: number
  /** −Σ clawback entries (a positive number). */
  clawedBack: number
  transferredIn: number
  /** −Σ negative transfer entries (a positive number). */
  transferredOut: number
  /** Net of the entries not confirmed yet (pending or failed). */
  unconfirmed: number
  entries: number
  /** Epoch ms of the first and last entry; null without entries. */
  firstActivityAt: number | null
  lastActivityAt: number | null
}

/** A wallet's exact sums over every brand: confirmed (what its on-chain balance should be) and not yet. */
export type WalletSum = {
  walletAddress: string
  /** Σ amountWei of confirmed entries (in blocks ≤ `atBlock` when given). */
  confirmedWei: string
  confirmedEntries: number
  /** Σ amountWei of the other entries: pending, failed, or confirmed after `atBlock`. */
  unconfirmedWei: string
}

/** The minter's outcome for the ledger entries of one batch's jobs. */
export type MintBatchSettlement = {
  batchId: string
  status: 'confirmed' | 'failed'
  /**
   * The transaction that minted (confirmed) or reverted (failed). Null when only a simulation
   * reverted: the entries then keep the transaction of an earlier revert, if any.
   */
  txHash: string | null
  blockNumber: number | null
  /** Every job of the batch, with the log index of its `Transfer` when confirmed. */
  jobs: ReadonlyArray<{ mintJobId: string; logIndex: number | null }>
  now: number
}

export interface LedgerStore {
  /**
   * One INSERT, no read: records the entry unless one with the same (sourceType, sourceId, kind,
   * walletAddress) exists. Atomic: of concurrent callers with the same key exactly one inserts and
   * answers true; the others answer false and change nothing. Meant for the caller's transaction.
   */
  record(entry: LedgerEntry): Promise<boolean>
  /** `record` for several entries in one statement; answers how many were inserted. */
  recordMany(entries: readonly LedgerEntry[]): Promise<number>
  /**
   * One UPDATE for the whole batch: the entries of its jobs that are not confirmed take the status,
   * batch id, transaction, block, their own log index and (confirmed) `confirmedAt`. A confirmed entry
   * never changes again. Answers how many entries changed. Run it in the minter's settlement transaction.
   */
  settleMintBatch(p: MintBatchSettlement): Promise<number>

  get(id: string): Promise<LedgerEntry | undefined>
  /** Every entry of one source (e.g. both sides of a transfer), oldest first. */
  listBySource(p: { sourceType: string; sourceId: string }): Promise<LedgerEntry[]>
  listByMintJob(mintJobId: string): Promise<LedgerEntry[]>
  listByTxHash(txHash: string): Promise<LedgerEntry[]>
  /**
   * A wallet's entries, newest first, across brands or at one brand, optionally of some kinds;
   * keyset pagination on (createdAt, id): pass the previous page's `next` as `before`. limit ≤ 1000.
   */
  listByWallet(p: {
    walletAddress: string
    brandId?: string | undefined
    kinds?: readonly LedgerKind[] | undefined
    before?: LedgerCursor | undefined
    limit: number
  }): Promise<LedgerPage>
  /** A brand's entries, newest first, optionally of some kinds and inside [since, until). limit ≤ 1000. */
  listByBrand(p: {
    brandId: string
    kinds?: readonly LedgerKind[] | undefined
    since?: number | undefined
    until?: number | undefined
    before?: LedgerCursor | undefined
    limit: number
  }): Promise<LedgerPage>
  /** One aggregate over the wallet's entries at the brand (index (brand_id, wallet_address, …)). */
  memberTotals(p: { walletAddress: string; brandId: string }): Promise<MemberTotals>
  /**
   * The brand's wallets ranked by their `reward` entries (not failed) since `since` (all time when
   * absent): `earned` sums the tokens, `actions` counts the entries. Highest first; ties by the
   * earlier last entry (who reached the value first), then the address. `total`: wallets ranked.
   */
  leaderboard(p: {
    brandId: string
    metric: 'earned' | 'actions'
    since?: number | undefined
    limit: number
  }): Promise<{ rows: { walletAddress: string; value: number; reachedAt: number }[]; total: number }>
  /** Entries not confirmed (pending or failed) created before `olderThan`, oldest first. */
  listUnconfirmed(p: { olderThan: number; limit: number }): Promise<LedgerEntry[]>
  /**
   * Pages of wallets in address order after `afterWallet` (every wallet with an entry, or those with
   * an entry at `brandId`), each with its exact sums over ALL brands; `atBlock` counts as confirmed
   * only entries mined in blocks up to it (a balance read at that block). Reconcile streams it.
   */
  listWalletSums(p: {
    brandId?: string | undefined
    afterWallet?: string | undefined
    atBlock?: number | undefined
    limit: number
  }): Promise<WalletSum[]>
  /** How many wallets `listWalletSums` would page through. */
  countWallets(p: { brandId?: string | undefined }): Promise<number>
  /** The confirmed entries of these wallets (every brand), by wallet then id. */
  listConfirmedByWallets(walletAddresses: readonly string[]): Promise<LedgerEntry[]>
}
