import type { z } from 'zod'
import type { LedgerEntry } from '../ports/ledger-store'
import type { memberLedgerEntrySchema } from './list-member-history-schema'

export type MemberLedgerEntry = z.output<typeof memberLedgerEntrySchema>

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** A ledger entry as the member reads answer it (docs/ledger.md#kinds). */
export function toMemberLedgerEntry(e: LedgerEntry): MemberLedgerEntry {
  return {
    id: e.id,
    kind: e.kind,
    amount: e.amount,
    amountWei: e.amountWei,
    status: e.status,
    transactionHash: e.txHash,
    blockNumber: e.blockNumber,
    source: { type: e.sourceType, id: e.sourceId },
    counterparty: e.counterparty,
    createdAt: new Date(e.createdAt).toISOString(),
    confirmedAt: iso(e.confirmedAt),
  }
}
