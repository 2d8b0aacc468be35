import type { Hash, Hex, TransactionReceipt } from 'viem'
import { classifySendError, type SendErrorKind } from '../chain/classify-send-error'
import { diagnoseNonceTooLow } from '../chain/diagnose-nonce-too-low'
import type { RelayTxRecord } from '../ports/relay-store'
import { backoffDelay } from '../workers/backoff-delay'
import { delay } from '../workers/delay'
import type { RelaySenderRuntime, SignedRelay } from './relay-sender-runtime'

export type Broadcast = { ok: true } | { ok: false; kind: SendErrorKind; message: string }

/** A broadcast transaction; with its receipt when the chain mined it in the same call. */
export type SentRelay = SignedRelay & { receipt?: TransactionReceipt | undefined }

export type BroadcastFailure = { index: number; kind: SendErrorKind; message: string }

/** What the chain's refusal of `record` means: it is on chain already (ok), or a failure of some kind. */
async function judge(rt: RelaySenderRuntime, record: RelayTxRecord, error: unknown): Promise<Broadcast> {
  const { kind, message } = classifySendError(error)
  if (kind === 'already_known' || kind === 'reverted') return { ok: true }
  if (kind === 'nonce_too_low') {
    const diagnosis = await diagnoseNonceTooLow(rt.client, {
      address: rt.signerAddress,
      nonce: record.nonce,
      txHashes: [record.txHash as Hash],
    })
    if (diagnosis.verdict === 'mined') return { ok: true }
  }
  return { ok: false, kind, message }
}

/** Broadcasts one stored transaction; network-like trouble is retried twice (backoff with jitter). */
export async function broadcastRelayTransaction(rt: RelaySenderRuntime, record: RelayTxRecord): Promise<Broadcast> {
  for (let attempt = 1; ; attempt++) {
    try {
      await rt.client.request({ method: 'eth_sendRawTransaction', params: [record.raw as Hex] })
      return { ok: true }
    } catch (error) {
      const judged = await judge(rt, record, error)
      if (!judged.ok && judged.kind === 'transient' && attempt < 3) {
        await delay(backoffDelay(attempt, { baseMs: 100, maxMs: 1_600, factor: 4 }))
        continue
      }
      return judged
    }
  }
}

/**
 * Broadcasts a group in nonce order until the first refusal. On the embedded chain the group is
 * mined together (`sendRawTransactions`: one block instead of one per transaction, receipts in
 * the same round); elsewhere one `eth_sendRawTransaction` each.
 */
export async function broadcastRelayGroup(
  rt: RelaySenderRuntime,
  signed: readonly SignedRelay[],
): Promise<{ sent: SentRelay[]; failure?: BroadcastFailure }> {
  const sent: SentRelay[] = []
  const sendMany = rt.chain.sendRawTransactions?.bind(rt.chain)
  for (let i = 0; i < signed.length; ) {
    let result: Broadcast
    if (sendMany) {
      const batch = await sendMany(signed.slice(i).map((s) => s.record.raw as Hex))
      for (let k = 0; k < batch.mined; k++) sent.push({ ...(signed[i + k] as SignedRelay), receipt: batch.receipts[k] })
      i += batch.mined
      if (i >= signed.length) break
      result = await judge(rt, (signed[i] as SignedRelay).record, batch.error)
      // Network-like trouble: the one-by-one path retries it.
      if (!result.ok && result.kind === 'transient')
        result = await broadcastRelayTransaction(rt, (signed[i] as SignedRelay).record)
    } else {
      result = await broadcastRelayTransaction(rt, (signed[i] as SignedRelay).record)
    }
    if (!result.ok) return { sent, failure: { index: i, kind: result.kind, message: result.message } }
    sent.push(signed[i] as SignedRelay)
    i++
  }
  return { sent }
}
