import type { Hash } from 'viem'
import type { MintBatchRecord } from '../ports/mint-store'
import type { MinterRuntime } from './minter-runtime'
import { type SendBatchResult, sendBatch, settleNonceTooLow } from './send-batch'
import { settleFromReceipt } from './settle-batch'
import { signBatch } from './sign-batch'

/**
 * Follows a signed batch: settles it from a receipt of any of its transactions; broadcasts its
 * current transaction if it never was (crash between store and broadcast); re-broadcasts it when it
 * stays unmined for `rebroadcastAfterMs`, and replaces it with higher fees after `replaceAfterMs`.
 */
export async function checkBatch(rt: MinterRuntime, batch: MintBatchRecord): Promise<SendBatchResult> {
  const attempts = await rt.ctx.storage.mint.listTransactions(batch.batchId)
  const live = attempts.filter((t) => t.status === 'signed' || t.status === 'sent' || t.status === 'dropped')
  for (const t of [...live].reverse()) {
    const receipt = await rt.client.getTransactionReceipt({ hash: t.txHash as Hash }).catch(() => undefined)
    if (receipt) {
      if (await settleFromReceipt(rt, batch, receipt)) return { outcome: 'settled' }
      return { outcome: 'later', reason: 'waiting for confirmations' }
    }
  }
  // The newest attempt that may still be mined (an earlier one when a replacement was refused).
  const pending = live.filter((t) => t.status !== 'dropped')
  const current = pending[pending.length - 1]
  if (!current) {
    await rt.retry(batch, 'no transaction of the batch can be mined any more', { immediately: true })
    return { outcome: 'settled' }
  }
  if (current.status === 'signed') return sendBatch(rt, batch, current)

  const now = rt.now()
  const sentAt = current.sentAt ?? current.createdAt
  if (now - sentAt < rt.options.rebroadcastAfterMs) return { outcome: 'later', reason: 'waiting for a receipt' }
  const chainNonce = await rt.client.getTransactionCount({ address: rt.signerAddress, blockTag: 'latest' })
  if (chainNonce > current.nonce) return settleNonceTooLow(rt, batch, current)
  const firstSignedAt = Math.min(...pending.map((t) => t.createdAt))
  if (now - firstSignedAt >= rt.options.replaceAfterMs) {
    const signed = await signBatch(rt, batch, { replace: current })
    if (signed.outcome === 'signed') {
      rt.logger.info({ batchId: batch.batchId, nonce: current.nonce }, 'replacing a stuck mint transaction')
      return sendBatch(rt, { ...batch, txHash: signed.tx.txHash }, signed.tx)
    }
  }
  return sendBatch(rt, batch, current)
}
