import type { TransactionReceipt } from 'viem'
import { recordRelayEntries } from '../ledger/record-relay-entries'
import type { EngineObservation } from '../ports/engine-observer'
import type { RelayGasSubject, RelayTxRecord } from '../ports/relay-store'
import type { RelaySenderRuntime } from './relay-sender-runtime'
import { utcDay } from './utc-day'

/**
 * Settles mined relayer transactions in one storage transaction: records each receipt once
 * (`settleTransaction` answers false for one already settled), writes the value it moved into the
 * ledger (`recordRelayEntries`: perk redemptions and points transfers, from its logs) and adds the
 * gas used per user and per brand for the UTC day (once per subject for the whole group). Each settled
 * transaction is reported to the observer once that transaction committed.
 */
export async function settleRelayReceipts(
  rt: RelaySenderRuntime,
  mined: ReadonlyArray<{ record: RelayTxRecord; receipt: TransactionReceipt }>,
): Promise<void> {
  if (mined.length === 0) return
  const now = rt.now()
  const day = utcDay(now)
  const settled: EngineObservation[] = []
  await rt.ctx.storage.transaction(async (tx) => {
    const usage = new Map<string, { subject: RelayGasSubject; gasUsed: number; transactions: number }>()
    const add = (subject: RelayGasSubject, gasUsed: number) => {
      const key = `${subject.kind}:${subject.id}`
      const entry = usage.get(key) ?? { subject, gasUsed: 0, transactions: 0 }
      entry.gasUsed += gasUsed
      entry.transactions++
      usage.set(key, entry)
    }
    for (const { record, receipt } of mined) {
      const status = receipt.status === 'success' ? 'confirmed' : 'reverted'
      const recorded = await tx.relay.settleTransaction({
        txHash: record.txHash,
        status,
        gasUsed: receipt.gasUsed.toString(),
        effectiveGasPrice: (receipt.effectiveGasPrice ?? 0n).toString(),
        blockNumber: Number(receipt.blockNumber),
        now,
      })
      if (!recorded) continue
      settled.push({ type: 'relay.transaction_settled', status, gasUsed: receipt.gasUsed })
      await recordRelayEntries(tx, { contracts: rt.chain.contracts, record, receipt, clock: rt.ctx.clock })
      const gasUsed = Number(receipt.gasUsed)
      if (record.userAddress) add({ kind: 'user', id: record.userAddress }, gasUsed)
      if (record.brandId) add({ kind: 'brand', id: record.brandId }, gasUsed)
    }
    for (const u of usage.values()) await tx.relay.addGasUsage({ ...u, day })
  })
  for (const observation of settled) rt.ctx.observer?.observe(observation)
}
