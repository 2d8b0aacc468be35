import type { EngineContext } from '../context'
import { WEI_PER_TOKEN } from '../minting/mint-amount'
import type { ProofFactsSource } from './proof-facts'

/**
 * The chain facts of a mint that has no ledger entry: it was decided before the ledger existed
 * (migration 0013). Its mint job says whether and where it was minted, not at which log index
 * (`logIndex` null). No job (`mintJobId` null, a reward of 0): nothing to mint, final at once.
 */
export async function mintJobFacts(
  ctx: EngineContext,
  mint: { mintJobId: string | null; walletAddress: string; amount: number; decidedAt: number },
): Promise<ProofFactsSource> {
  const job = mint.mintJobId === null ? undefined : await ctx.storage.mint.getJob(mint.mintJobId)
  const minted = job?.status === 'confirmed'
  return {
    status: mint.mintJobId === null || minted ? 'confirmed' : 'pending',
    walletAddress: mint.walletAddress,
    amount: mint.amount,
    amountWei: (BigInt(mint.amount) * WEI_PER_TOKEN).toString(),
    batchId: minted ? job.batchId : null,
    txHash: minted ? job.txHash : null,
    blockNumber: minted ? job.blockNumber : null,
    logIndex: null,
    confirmedAt: minted ? job.confirmedAt : mint.mintJobId === null ? mint.decidedAt : null,
  }
}
