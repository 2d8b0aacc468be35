import type { Insertable, Selectable } from 'kysely'
import type { LedgerEntry, LedgerKind, LedgerStatus } from '../ports/ledger-store'
import type { LedgerEntriesTable } from './ledger-tables'

/** The most rows one ledger read returns. */
const MAX_LIMIT = 1000

/** A `ledger_entries` row as the port's LedgerEntry. */
export function toLedgerEntry(row: Selectable<LedgerEntriesTable>): LedgerEntry {
  return {
    id: row.id,
    brandId: row.brand_id,
    walletAddress: row.wallet_address,
    userKey: row.user_key,
    kind: row.kind as LedgerKind,
    amount: Number(row.amount),
    amountWei: row.amount_wei,
    sourceType: row.source_type,
    sourceId: row.source_id,
    counterparty: row.counterparty,
    mintJobId: row.mint_job_id,
    batchId: row.batch_id,
    txHash: row.tx_hash,
    blockNumber: row.block_number === null ? null : Number(row.block_number),
    logIndex: row.log_index === null ? null : Number(row.log_index),
    status: row.status as LedgerStatus,
    snapshot: row.snapshot === null ? null : (JSON.parse(row.snapshot) as Record<string, unknown>),
    createdAt: Number(row.created_at),
    confirmedAt: row.confirmed_at === null ? null : Number(row.confirmed_at),
  }
}

/** A LedgerEntry as a `ledger_entries` row (addresses lowercased, the snapshot as JSON). */
export function toLedgerEntryRow(e: LedgerEntry): Insertable<LedgerEntriesTable> {
  return {
    id: e.id,
    brand_id: e.brandId?.toLowerCase() ?? null,
    wallet_address: e.walletAddress.toLowerCase(),
    user_key: e.userKey,
    kind: e.kind,
    amount: e.amount,
    amount_wei: e.amountWei,
    source_type: e.sourceType,
    source_id: e.sourceId,
    counterparty: e.counterparty?.toLowerCase() ?? null,
    mint_job_id: e.mintJobId,
    batch_id: e.batchId,
    tx_hash: e.txHash,
    block_number: e.blockNumber,
    log_index: e.logIndex,
    status: e.status,
    snapshot: e.snapshot === null ? null : JSON.stringify(e.snapshot),
    created_at: e.createdAt,
    confirmed_at: e.confirmedAt,
  }
}

/** A caller's page size, clamped to 1..MAX_LIMIT. */
export const ledgerLimit = (limit: number) => Math.max(1, Math.min(MAX_LIMIT, Math.floor(limit)))
