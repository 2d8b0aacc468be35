import type { Hash, Hex } from 'viem'
import type { RelayTxRecord } from '../ports/relay-store'
import { signReplacement } from '../signers/sign-replacement'
import { delay } from '../workers/delay'
import { broadcastRelayTransaction } from './broadcast-relay-transactions'
import { RelayUnavailableError } from './relay-errors'
import type { RelaySenderRuntime, SignedRelay } from './relay-sender-runtime'
import { settleRelayReceipts } from './settle-relay-receipts'

/** RPC chains: receipts are polled this often. */
const RECEIPT_POLL_MS = 500

/**
 * Receipt tracking on RPC chains, outside the group loop: polls the receipt of every attempt until
 * one is mined, settles it and answers the request. When none is mined after `replaceAfterMs`, a
 * replacement is signed (same nonce and call, fees 12.5 % higher or the current ones, within the
 * 100 gwei cap), stored and broadcast, and so on. The mined attempt is settled; the others are
 * dropped (the nonce is the mined one's: not released). Past `receiptTimeoutMs`, or when the sender
 * stops, the request answers 503; the stored attempts are picked up by the next recovery.
 */
export async function trackRelayReceipt(rt: RelaySenderRuntime, s: SignedRelay): Promise<void> {
  try {
    await track(rt, s)
  } catch (error) {
    s.item.reject(
      new RelayUnavailableError(
        'The relayed transaction was sent but is not mined yet; it may still be',
        'RELAY_RECEIPT_TIMEOUT',
        { transactionHash: s.record.txHash },
        error,
      ),
    )
  }
}

async function track(rt: RelaySenderRuntime, s: SignedRelay): Promise<void> {
  const started = rt.now()
  const attempts = [s.record]
  let lastSignedAt = started
  for (;;) {
    for (const record of attempts) {
      const receipt = await rt.client.getTransactionReceipt({ hash: record.txHash as Hash }).catch(() => undefined)
      if (!receipt) continue
      await settleRelayReceipts(rt, [{ record, receipt }])
      const replaced = attempts.filter((a) => a !== record)
      if (replaced.length > 0) {
        await rt.ctx.storage.transaction(async (tx) => {
          for (const other of replaced) await rt.drop(tx, other, `replaced by ${record.txHash}`, false)
        })
      }
      s.item.resolve({ txHash: record.txHash as Hash, nonce: record.nonce, receipt })
      return
    }
    if (rt.stopping) throw new Error('the relay sender stopped before the receipt')
    if (rt.now() - started >= s.item.receiptTimeoutMs) throw new Error('no receipt before the timeout')
    if (rt.now() - lastSignedAt >= s.item.replaceAfterMs) {
      lastSignedAt = rt.now()
      const replacement = await replace(rt, attempts.at(-1) as RelayTxRecord)
      if (replacement) attempts.push(replacement)
    }
    await delay(RECEIPT_POLL_MS)
  }
}

/** Signs, stores and broadcasts a replacement of `last` with higher fees; undefined when none went out. */
async function replace(rt: RelaySenderRuntime, last: RelayTxRecord): Promise<RelayTxRecord | undefined> {
  const signed = await signReplacement({
    signer: rt.signer,
    chainId: rt.chain.chainId,
    caps: rt.caps,
    stuck: last.raw as Hex,
    current: await rt.fees().catch(() => undefined),
  })
  if (!signed) return undefined
  const now = rt.now()
  const record: RelayTxRecord = {
    ...last,
    txHash: signed.txHash,
    raw: signed.raw,
    maxFeePerGas: signed.fees.maxFeePerGas.toString(),
    maxPriorityFeePerGas: signed.fees.maxPriorityFeePerGas.toString(),
    status: 'signed',
    error: null,
    createdAt: now,
    updatedAt: now,
  }
  await rt.ctx.storage.relay.recordTransactions([record])
  const sent = await broadcastRelayTransaction(rt, record)
  if (!sent.ok) {
    // Refused (the stuck one was mined meanwhile, or the node wants more): keep tracking the others.
    await rt.ctx.storage.transaction((tx) => rt.drop(tx, record, `replacement not accepted: ${sent.message}`, false))
    return undefined
  }
  await rt.ctx.storage.relay.markSent({ txHashes: [record.txHash], now: rt.now() })
  rt.stats.replaced++
  rt.logger.info(
    { nonce: record.nonce, txHash: record.txHash, replaces: last.txHash, maxFeePerGas: record.maxFeePerGas },
    'stuck relayer transaction replaced with higher fees',
  )
  return record
}
