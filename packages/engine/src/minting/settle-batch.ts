import type { MintBatchRecord } from '../ports/mint-store'
import { decodeMintRevert } from './decode-mint-revert'
import { findBatchMint } from './find-batch-mint'
import { encodeMintBatch } from './mint-batch-call'
import type { MinterRuntime, MintReceipt } from './minter-runtime'

/**
 * If the token already minted the batch (by any of its transactions), confirms it with the minting
 * transaction and answers true. Answers false when the batch id is still unused on chain.
 */
export async function settleIfMinted(rt: MinterRuntime, batch: MintBatchRecord): Promise<boolean> {
  const lookup = await findBatchMint(rt.client, {
    token: rt.chain.contracts.pointsToken,
    batchId: batch.batchId as `0x${string}`,
    fromBlock: batch.sentBlock,
  })
  if (!lookup.minted) return false
  const receipt =
    lookup.txHash && lookup.blockNumber !== null
      ? await rt.client.getTransactionReceipt({ hash: lookup.txHash }).catch(() => undefined)
      : undefined
  if (lookup.txHash && receipt) {
    await rt.confirm(batch, receipt)
    await releaseUnusedNonce(rt, batch.batchId, lookup.txHash)
  } else {
    // The token says minted but no node answered the log (or its receipt): never sign it again; look again later.
    await rt.retry(batch, 'batch is minted on chain but its BatchMinted log was not found yet')
  }
  return true
}

/**
 * A batch minted by a transaction other than its current one may leave its current nonce unused on
 * chain; give it back to the NonceStore so that no later transaction waits behind a gap.
 */
async function releaseUnusedNonce(rt: MinterRuntime, batchId: string, mintedBy: `0x${string}`) {
  const batch = await rt.ctx.storage.mint.getBatch(batchId)
  if (!batch || batch.nonce === null) return
  const minting = await rt.client.getTransaction({ hash: mintedBy }).catch(() => undefined)
  if (minting && minting.from.toLowerCase() === rt.scope.address && minting.nonce === batch.nonce) return
  const chainNonce = await rt.client.getTransactionCount({ address: rt.signerAddress, blockTag: 'latest' })
  if (chainNonce > batch.nonce) return
  const nonce = batch.nonce
  await rt.fenced((tx) => tx.nonces.release({ ...rt.scope, nonce }))
  rt.logger.info({ batchId, nonce }, 'released the unused nonce of a batch minted by another transaction')
}

/**
 * Settles a batch from a receipt of one of its transactions, once it is `confirmations` blocks deep
 * (answers false while it is not): success confirms; a revert is either "already minted"
 * (BatchAlreadyMinted: another transaction of the batch minted it, so confirm with that one) or a
 * real failure (retry with backoff; the next attempt is simulated before signing).
 */
export async function settleFromReceipt(
  rt: MinterRuntime,
  batch: MintBatchRecord,
  receipt: MintReceipt & { status: 'success' | 'reverted' },
): Promise<boolean> {
  if (rt.options.confirmations > 1) {
    const head = await rt.client.getBlockNumber()
    if (head - receipt.blockNumber + 1n < BigInt(rt.options.confirmations)) return false
  }
  if (receipt.status === 'success') {
    await rt.confirm(batch, receipt)
    return true
  }
  await rt.fenced((tx) =>
    tx.mint.setTransactionStatus({ txHash: receipt.transactionHash, status: 'reverted', error: 'reverted on chain' }),
  )
  if (await settleIfMinted(rt, batch)) return true
  let reason = 'reverted on chain'
  const jobs = await rt.ctx.storage.mint.listBatchJobs(batch.batchId)
  try {
    await rt.client.call({
      account: rt.signerAddress,
      to: rt.chain.contracts.pointsToken,
      data: encodeMintBatch(batch.batchId, jobs),
    })
    reason = 'reverted on chain (out of gas?)'
  } catch (error) {
    reason = `reverted on chain: ${decodeMintRevert(error).message}`
  }
  await rt.retry(batch, reason, {
    reverted: { txHash: receipt.transactionHash, blockNumber: Number(receipt.blockNumber), jobs },
  })
  return true
}
