import type { Clock } from '../ports/clock'
import type { RefundClawbackRecord } from '../ports/payment-store'
import type { Stores } from '../ports/storage'
import { recordLedgerEntry } from './record-ledger-entry'

/**
 * The `clawback` entry (negative) of a confirmed burn, in the clawback worker's confirming
 * transaction: source `refund`, the refund id; the burn's transaction, block and `Transfer(wallet →
 * 0)` log. Clawbacks are written once confirmed, never pending (nothing is decided before the burn).
 */
export async function recordClawbackEntry(
  tx: Pick<Stores, 'ledger' | 'wallets'>,
  r: RefundClawbackRecord,
  p: {
    txHash: string | null
    blockNumber: number | null
    clawedWei: bigint
    logIndex: number | null
    shortfall: bigint
  },
  options: { clock: Clock },
): Promise<void> {
  const wallet = (r.walletAddress as string).toLowerCase()
  await recordLedgerEntry(
    tx,
    {
      kind: 'clawback',
      sourceType: 'refund',
      sourceId: r.refundId,
      brandId: r.brandId,
      walletAddress: wallet,
      userKey: (await tx.wallets.findByAddress(wallet))?.ownerKey ?? null,
      amountWei: -p.clawedWei,
      txHash: p.txHash,
      blockNumber: p.blockNumber,
      logIndex: p.logIndex,
      status: 'confirmed',
      snapshot: {
        sessionId: r.sessionId,
        paymentIntentId: r.paymentIntentId,
        refundCents: r.refundCents,
        currency: r.currency,
        shortfallWei: p.shortfall.toString(),
      },
    },
    options,
  )
}
