import { explorerTxUrl } from '../chain/explorer-tx-url'
import type { ChainPort } from '../ports/chain'
import type { LedgerEntry } from '../ports/ledger-store'
import type { ProofFacts } from './proof-facts-schema'

/** The part of a ledger entry (or of what stands for one) that a proof shows. */
export type ProofFactsSource = Pick<
  LedgerEntry,
  | 'status'
  | 'walletAddress'
  | 'amount'
  | 'amountWei'
  | 'batchId'
  | 'txHash'
  | 'blockNumber'
  | 'logIndex'
  | 'confirmedAt'
>

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/**
 * The on-chain facts of a proof: the entry's, with the chain's id, the token's address and the
 * explorer link of its transaction (also of a reverted one: `failed` then links to the revert).
 */
export function proofFacts(chain: ChainPort | undefined, entry: ProofFactsSource, masked: boolean): ProofFacts {
  return {
    status: entry.status,
    walletAddress: entry.walletAddress.toLowerCase(),
    amount: entry.amount,
    amountWei: entry.amountWei,
    batchId: entry.batchId,
    transactionHash: entry.txHash,
    blockNumber: entry.blockNumber,
    logIndex: entry.logIndex,
    chainId: chain?.chainId ?? null,
    tokenAddress: chain?.contracts.pointsToken.toLowerCase() ?? null,
    explorerUrl: explorerTxUrl(chain, entry.txHash),
    confirmedAt: iso(entry.confirmedAt),
    masked,
  }
}
