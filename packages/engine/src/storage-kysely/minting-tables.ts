/**
 * Tables of the durable minting pipeline, the nonce sequences, leases and the embedded chain's journal
 * (migration 0002-minting). Owned by src/minting and src/chain. Conventions of `database.ts`: BIGINT
 * epoch ms, TEXT decimal amounts (wei), lowercase TEXT addresses and hashes.
 */
export interface MintingTables {
  mint_jobs: MintJobsTable
  mint_batches: MintBatchesTable
  mint_transactions: MintTransactionsTable
  signer_nonces: SignerNoncesTable
  released_nonces: ReleasedNoncesTable
  leases: LeasesTable
  chain_journal: ChainJournalTable
}

export interface MintJobsTable {
  id: string
  /** Unique. */
  idempotency_key: string
  recipient: string
  amount: string
  amount_wei: string
  source: string
  ref: string | null
  brand_id: string | null
  /** pending | batched | confirmed */
  status: string
  batch_id: string | null
  tx_hash: string | null
  block_number: number | null
  created_at: number
  updated_at: number
  confirmed_at: number | null
}

export interface MintBatchesTable {
  batch_id: string
  chain_id: number
  signer: string
  /** new | signed | retry | confirmed */
  status: string
  job_count: number
  total_wei: string
  nonce: number | null
  tx_hash: string | null
  block_number: number | null
  attempts: number
  next_attempt_at: number
  last_error: string | null
  sent_block: number | null
  created_at: number
  updated_at: number
  confirmed_at: number | null
}

export interface MintTransactionsTable {
  tx_hash: string
  batch_id: string
  chain_id: number
  signer: string
  nonce: number
  raw: string | null
  gas_limit: string
  max_fee_per_gas: string
  max_priority_fee_per_gas: string
  /** signed | sent | mined | reverted | dropped */
  status: string
  error: string | null
  created_at: number
  sent_at: number | null
}

/** Primary key (chain_id, address). */
interface SignerNoncesTable {
  chain_id: number
  address: string
  next_nonce: number
  updated_at: number
}

/** Primary key (chain_id, address, nonce). */
interface ReleasedNoncesTable {
  chain_id: number
  address: string
  nonce: number
}

interface LeasesTable {
  name: string
  holder: string
  fence: number
  expires_at: number
  updated_at: number
}

/** Primary key (chain_key, seq). */
export interface ChainJournalTable {
  chain_key: string
  seq: number
  method: string
  params: string
  tx_hash: string | null
  block_number: number | null
  block_timestamp: number | null
  state_root: string | null
  created_at: number
}
