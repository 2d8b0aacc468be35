import type { EngineContext } from '../context'
import type { EntryReceipt } from './entry-log-problem'

/** A wallet's unconfirmed mint entries whose batch transaction is already mined: the minter settles them next. */
export type SettlingMints = { wei: bigint; entries: number }

/** Unconfirmed entries of one wallet read at most (a drift needs only the newest ones: mints in flight). */
const ENTRIES = 1_000

/**
 * The wallet's mint entries that the ledger still holds as pending although a transaction of their
 * batch succeeded in a block up to `atBlock`: the chain has minted them and the minter will confirm
 * them at its next receipt check (a backup taken, or a reconcile read, between the block and the
 * settlement sees exactly this). Reconcile subtracts them from a balance drift before calling it one.
 */
export async function settlingMintWei(
  ctx: EngineContext,
  walletAddress: string,
  atBlock: number,
  receiptOf: (hash: string) => Promise<EntryReceipt | undefined>,
): Promise<SettlingMints> {
  const page = await ctx.storage.ledger.listByWallet({ walletAddress, limit: ENTRIES })
  const result: SettlingMints = { wei: 0n, entries: 0 }
  const minedBatch = new Map<string, boolean>()
  for (const entry of page.entries) {
    if (entry.status !== 'pending' || !entry.mintJobId) continue
    const job = await ctx.storage.mint.getJob(entry.mintJobId)
    if (!job?.batchId) continue
    let mined = minedBatch.get(job.batchId)
    if (mined === undefined) {
      mined = false
      for (const tx of await ctx.storage.mint.listTransactions(job.batchId)) {
        const receipt = await receiptOf(tx.txHash)
        if (receipt?.status === 'success' && Number(receipt.blockNumber) <= atBlock) mined = true
      }
      minedBatch.set(job.batchId, mined)
    }
    if (!mined) continue
    result.wei += BigInt(entry.amountWei)
    result.entries++
  }
  return result
}
