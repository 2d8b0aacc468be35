/** The ledger of value movements (migration 0013-ledger); conventions of `database.ts`. */
export interface LedgerTables {
  ledger_entries: LedgerEntriesTable
}

/** Unique (source_type, source_id, kind, wallet_address): a retried write records nothing twice. */
export interface LedgerEntriesTable {
  id: string
  brand_id: string | null
  wallet_address: string
  user_key: string | null
  kind: string
  /** Signed whole tokens. */
  amount: number
  /** Signed wei, decimal string (exact). */
  amount_wei: string
  source_type: string
  source_id: string
  counterparty: string | null
  mint_job_id: string | null
  batch_id: string | null
  tx_hash: string | null
  block_number: number | null
  log_index: number | null
  /** pending | confirmed | failed */
  status: string
  /** JSON object. */
  snapshot: string | null
  created_at: number
  confirmed_at: number | null
}
