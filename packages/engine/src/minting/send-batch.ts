import type { Hash, Hex } from 'viem'
import { classifySendError } from '../chain/classify-send-error'
import { diagnoseNonceTooLow } from '../chain/diagnose-nonce-too-low'
import type { MintBatchRecord, MintTxRecord } from '../ports/mint-store'
import type { MinterRuntime } from './minter-runtime'
import { settleFromReceipt, settleIfMinted } from './settle-batch'

/**
 * sent: a node accepted the transaction (or already had it) · settled: the batch is confirmed or
 * rescheduled · later: try this broadcast again at `checkAt` (network trouble, funds, nonce gap).
 */
export type SendBatchResult = { outcome: 'sent' } | { outcome: 'settled' } | { outcome: 'later'; reason: string }

/**
 * Broadcasts a stored transaction of a batch. Errors are classified, not retried blindly:
 * "nonce too low" is diagnosed (our transaction mined? the batch minted by another attempt? the
 * nonce used by someone else → resync the NonceStore and re-sign with a fresh nonce).
 */
export async function sendBatch(rt: MinterRuntime, batch: MintBatchRecord, tx: MintTxRecord): Promise<SendBatchResult> {
  if (!tx.raw) return { outcome: 'later', reason: 'transaction has no raw form (already settled)' }
  rt.stats.broadcasts++
  try {
    await rt.client.request({ method: 'eth_sendRawTransaction', params: [tx.raw as Hex] })
  } catch (error) {
    const { kind, message } = classifySendError(error)
    switch (kind) {
      case 'already_known':
        break
      case 'nonce_too_low':
        return settleNonceTooLow(rt, batch, tx)
      case 'underpriced':
        // An earlier attempt with this nonce pays more and is still pending: keep tracking that one.
        await rt.fenced((s) => s.mint.setTransactionStatus({ txHash: tx.txHash, status: 'dropped', error: message }))
        return { outcome: 'sent' }
      case 'fee_too_low':
        rt.invalidateFees()
        await rt.fenced((s) => s.mint.setTransactionStatus({ txHash: tx.txHash, status: 'dropped', error: message }))
        await rt.retry(batch, `broadcast rejected (${kind}): ${message}`, { immediately: batch.attempts <= 3 })
        return { outcome: 'settled' }
      case 'rejected':
        await rt.fenced((s) => s.mint.setTransactionStatus({ txHash: tx.txHash, status: 'dropped', error: message }))
        await rt.retry(batch, `broadcast rejected (${kind}): ${message}`)
        return { outcome: 'settled' }
      case 'reverted': {
        const receipt = await rt.client.getTransactionReceipt({ hash: tx.txHash as Hash }).catch(() => undefined)
        if (!receipt || !(await settleFromReceipt(rt, batch, receipt))) return { outcome: 'later', reason: message }
        return { outcome: 'settled' }
      }
      case 'insufficient_funds':
        rt.logger.error({ signer: rt.signerAddress, batchId: batch.batchId }, 'minter account cannot pay for gas')
        rt.stats.lastError = message
        return { outcome: 'later', reason: message }
      default:
        rt.stats.lastError = message
        return { outcome: 'later', reason: `${kind}: ${message}` }
    }
  }
  if (rt.chain.kind === 'embedded') {
    // Automine: the transaction is in a block by now (or was rejected above).
    const receipt = await rt.client.getTransactionReceipt({ hash: tx.txHash as Hash }).catch(() => undefined)
    if (receipt && (await settleFromReceipt(rt, batch, receipt))) return { outcome: 'settled' }
  }
  const headBlock = batch.sentBlock === null ? Number(await rt.client.getBlockNumber()) : null
  await rt.fenced((s) => s.mint.markTransactionSent({ txHash: tx.txHash, now: rt.now(), headBlock }))
  return { outcome: 'sent' }
}

/** "nonce too low" for a transaction of `batch`: find out why before doing anything else. */
export async function settleNonceTooLow(
  rt: MinterRuntime,
  batch: MintBatchRecord,
  tx: MintTxRecord,
): Promise<SendBatchResult> {
  const attempts = await rt.ctx.storage.mint.listTransactions(batch.batchId)
  const diagnosis = await diagnoseNonceTooLow(rt.client, {
    address: rt.signerAddress,
    nonce: tx.nonce,
    txHashes: attempts.filter((t) => t.status !== 'reverted').map((t) => t.txHash as Hash),
  })
  rt.logger.info(
    { batchId: batch.batchId, nonce: tx.nonce, verdict: diagnosis.verdict, chainNonce: diagnosis.chainNonce },
    'nonce too low diagnosed',
  )
  if (diagnosis.verdict === 'mined') {
    if (await settleFromReceipt(rt, batch, diagnosis.receipt)) return { outcome: 'settled' }
    return { outcome: 'later', reason: 'waiting for confirmations' }
  }
  if (diagnosis.verdict === 'not_used') return { outcome: 'later', reason: 'nonce pending in the pool' }
  // Someone else's transaction used the nonce. Unless the batch is minted anyway, move the sequence
  // to the chain and re-sign the batch with a fresh nonce.
  if (await settleIfMinted(rt, batch)) return { outcome: 'settled' }
  const pending = await rt.client.getTransactionCount({ address: rt.signerAddress, blockTag: 'pending' })
  await rt.fenced(async (s) => {
    await s.nonces.resync({ ...rt.scope, chainNonce: Math.max(pending, diagnosis.chainNonce) })
    for (const t of attempts) {
      if (t.status === 'signed' || t.status === 'sent') {
        await s.mint.setTransactionStatus({
          txHash: t.txHash,
          status: 'dropped',
          error: 'nonce used by another transaction',
        })
      }
    }
  })
  rt.logger.warn(
    { signer: rt.signerAddress, nonce: tx.nonce, chainNonce: diagnosis.chainNonce },
    'minter nonce was used by another transaction; nonces resynced from the chain',
  )
  await rt.retry(batch, `nonce ${tx.nonce} was used by another transaction`, { immediately: true })
  return { outcome: 'settled' }
}
