import { pointsTokenAbi } from '@loyaltykit/contracts'
import { decodeEventLog, type Log, parseEventLogs, zeroAddress } from 'viem'
import type { LedgerEntry } from '../ports/ledger-store'

/** What a check reads of a ledger entry (or of a proof that states one): where it says it is on chain. */
export type LoggedMovement = Pick<
  LedgerEntry,
  'kind' | 'walletAddress' | 'amountWei' | 'txHash' | 'blockNumber' | 'logIndex' | 'batchId' | 'mintJobId'
>

/** What reconcile reads of a transaction receipt. */
export type EntryReceipt = { status: 'success' | 'reverted'; blockNumber: bigint; logs: readonly Log[] }

const lower = (a: string) => a.toLowerCase()
const tokens = (wei: bigint) => {
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

/**
 * Why a confirmed entry does not match its transaction, or null when it does: the receipt exists,
 * succeeded, in the entry's block; the log at the entry's index is the points token's `Transfer`
 * and moves exactly the entry's amount into (positive) or out of (negative) the entry's wallet; a
 * mint's Transfer comes from address 0 in a transaction whose `BatchMinted` carries the entry's
 * batch id, a clawback's goes to address 0. An entry of 0 (a free perk) only needs its transaction.
 */
export function entryLogProblem(
  entry: LoggedMovement,
  receipt: EntryReceipt | undefined,
  token: string,
): string | null {
  if (!entry.txHash) return 'confirmed without a transaction'
  if (!receipt) return `transaction ${entry.txHash} not found on chain`
  if (receipt.status !== 'success') return `transaction ${entry.txHash} reverted`
  if (entry.blockNumber !== Number(receipt.blockNumber)) {
    return `transaction is in block ${receipt.blockNumber}, entry says ${entry.blockNumber}`
  }
  const wei = BigInt(entry.amountWei)
  if (wei === 0n) return null
  if (entry.logIndex === null) return 'no log index recorded'
  const log = receipt.logs.find((l) => l.logIndex === entry.logIndex)
  if (!log) return `no log ${entry.logIndex} in the transaction`
  let transfer: { from: string; to: string; value: bigint }
  try {
    if (lower(log.address) !== lower(token)) throw new Error('not the token')
    transfer = decodeEventLog({ abi: pointsTokenAbi, eventName: 'Transfer', data: log.data, topics: log.topics }).args
  } catch {
    return `log ${entry.logIndex} is not a Transfer of the points token`
  }
  const [side, amount] = wei > 0n ? [transfer.to, wei] : [transfer.from, -wei]
  if (lower(side) !== entry.walletAddress || transfer.value !== amount) {
    return `log ${entry.logIndex} moves ${tokens(transfer.value)} from ${lower(transfer.from)} to ${lower(transfer.to)}; the entry says ${tokens(wei)} for ${entry.walletAddress}`
  }
  if (entry.mintJobId !== null) {
    if (transfer.from !== zeroAddress) return `log ${entry.logIndex} is not a mint`
    const batches = parseEventLogs({ abi: pointsTokenAbi, eventName: 'BatchMinted', logs: receipt.logs as Log[] })
      .filter((l) => lower(l.address) === lower(token))
      .map((l) => l.args.batchId)
    if (!entry.batchId || !batches.includes(entry.batchId as `0x${string}`)) {
      return `the transaction minted batch ${batches.join(', ') || '(none)'}, the entry says ${entry.batchId ?? '(none)'}`
    }
  }
  if (entry.kind === 'clawback' && transfer.to !== zeroAddress) return `log ${entry.logIndex} is not a burn`
  return null
}
