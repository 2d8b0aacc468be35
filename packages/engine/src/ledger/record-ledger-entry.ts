import { WEI_PER_TOKEN } from '../minting/mint-amount'
import { type Clock, systemClock } from '../ports/clock'
import { type Ids, randomIds } from '../ports/ids'
import type { LedgerEntry, LedgerKind, LedgerStatus } from '../ports/ledger-store'
import type { Stores } from '../ports/storage'

/** An entry as its writer knows it; `recordLedgerEntry` fills in the rest. */
export type LedgerEntryInput = {
  kind: LedgerKind
  walletAddress: string
  /** Signed whole tokens; or give `amountWei` (signed wei) when the movement is not whole tokens. */
  amount?: number | bigint
  amountWei?: bigint
  sourceType: string
  sourceId: string
  brandId?: string | null
  userKey?: string | null
  counterparty?: string | null
  mintJobId?: string | null
  batchId?: string | null
  txHash?: string | null
  blockNumber?: number | null
  logIndex?: number | null
  /** Default `pending` when there is a mint job, else `confirmed`. */
  status?: LedgerStatus
  snapshot?: Record<string, unknown> | null
  /** Epoch ms; default the clock's now (pass the operation's own time to keep them equal). */
  createdAt?: number
}

/** The full entry of an input (a new id; amounts in both units; addresses lowercase). */
export function toLedgerEntry(input: LedgerEntryInput, options: { clock?: Clock; ids?: Ids } = {}): LedgerEntry {
  const amountWei = input.amountWei ?? BigInt(input.amount ?? 0) * WEI_PER_TOKEN
  const now = input.createdAt ?? (options.clock ?? systemClock).now()
  const status = input.status ?? (input.mintJobId ? 'pending' : 'confirmed')
  return {
    id: (options.ids ?? randomIds).uuid(),
    brandId: input.brandId?.toLowerCase() ?? null,
    walletAddress: input.walletAddress.toLowerCase(),
    userKey: input.userKey ?? null,
    kind: input.kind,
    // BigInt division truncates toward zero: a fraction of a token stays only in amountWei.
    amount: Number(amountWei / WEI_PER_TOKEN),
    amountWei: amountWei.toString(),
    sourceType: input.sourceType,
    sourceId: input.sourceId,
    counterparty: input.counterparty?.toLowerCase() ?? null,
    mintJobId: input.mintJobId ?? null,
    batchId: input.batchId ?? null,
    txHash: input.txHash?.toLowerCase() ?? null,
    blockNumber: input.blockNumber ?? null,
    logIndex: input.logIndex ?? null,
    status,
    snapshot: input.snapshot ?? null,
    createdAt: now,
    confirmedAt: status === 'confirmed' ? now : null,
  }
}

/**
 * Writes one ledger entry in `stores`, which must be the transaction of the operation it records
 * (a step, not an operation): ONE insert and no read, idempotent on (sourceType, sourceId, kind,
 * walletAddress), so a retried operation records nothing twice. Every writer of value movements
 * goes through here (rewards, purchases, grants, clawbacks; relay receipts through `recordMany`);
 * later writers (agent rewards, check-ins, milestones) call it the same way. See docs/ledger.md.
 */
export async function recordLedgerEntry(
  stores: Pick<Stores, 'ledger'>,
  input: LedgerEntryInput,
  options: { clock?: Clock; ids?: Ids } = {},
): Promise<{ entry: LedgerEntry; recorded: boolean }> {
  const entry = toLedgerEntry(input, options)
  return { entry, recorded: await stores.ledger.record(entry) }
}
