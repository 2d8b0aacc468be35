import { pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, encodeFunctionData, type Hash, type Hex, parseEventLogs, zeroAddress } from 'viem'
import { classifySendError } from '../chain/classify-send-error'
import { diagnoseNonceTooLow } from '../chain/diagnose-nonce-too-low'
import type { Eip1559Fees } from '../chain/fees-within-caps'
import { isLoyaltyError } from '../errors/loyalty-error'
import { recordClawbackEntry } from '../ledger/record-clawback-entry'
import { decodeMintRevert } from '../minting/decode-mint-revert'
import { tokensToWei } from '../minting/mint-amount'
import type { RefundClawbackRecord } from '../ports/payment-store'
import { signReplacement } from '../signers/sign-replacement'
import type { ClawbackRuntime } from './clawback-runtime'

type Receipt = { status: 'success' | 'reverted'; transactionHash: Hash; blockNumber: bigint; logs: unknown[] }

/** The wei a clawback should burn: its tokens (18 decimals). */
const wantedWei = (r: RefundClawbackRecord) =>
  BigInt(r.tokenAmount ?? '0') > 0n ? tokensToWei(BigInt(r.tokenAmount ?? '0')) : 0n

/**
 * A pending clawback: burns min(balance, owed) from the custodial wallet with `clawback(from,
 * amount)`; what the wallet no longer holds is the shortfall (recorded, and logged). The signed
 * transaction is stored (nonce from the NonceStore, fenced by the lease) before it is broadcast.
 */
export async function signClawback(rt: ClawbackRuntime, r: RefundClawbackRecord): Promise<void> {
  const token = rt.chain.contracts.pointsToken
  const wallet = r.walletAddress as Address
  const owed = wantedWei(r)
  const balance =
    owed === 0n
      ? 0n
      : await rt.client.readContract({ address: token, abi: pointsTokenAbi, functionName: 'balanceOf', args: [wallet] })
  const burn = balance < owed ? balance : owed
  if (burn === 0n) {
    await finish(rt, r, { txHash: null, blockNumber: null, clawedWei: 0n, logIndex: null })
    return
  }
  const data = encodeFunctionData({ abi: pointsTokenAbi, functionName: 'clawback', args: [wallet, burn] })
  try {
    await rt.client.call({ account: rt.signerAddress, to: token, data })
  } catch (error) {
    const revert = decodeMintRevert(error)
    if (!revert.reverted) throw error
    await rt.retry(r, `simulation reverted: ${revert.message}`)
    return
  }
  let fees: Eip1559Fees
  try {
    fees = await rt.fees()
  } catch (error) {
    if (!isLoyaltyError(error)) throw error
    await rt.retry(r, error.message)
    return
  }
  const signed = await rt.fenced(async (tx) => {
    const nonce = await tx.nonces.reserve(rt.scope)
    const { raw, txHash } = await rt.sign({ to: token, data, nonce, gas: rt.gas }, fees)
    const record = {
      refundId: r.refundId,
      chainId: rt.chain.chainId,
      signer: rt.scope.address,
      nonce,
      txHash,
      rawTx: raw,
      clawedWei: burn.toString(),
      shortfallWei: (owed - burn).toString(),
      now: rt.now(),
    }
    await tx.payments.recordClawbackTransaction(record)
    return record
  })
  rt.stats.transactionsSigned++
  await broadcastClawback(rt, {
    ...r,
    status: 'signed',
    nonce: signed.nonce,
    txHash: signed.txHash,
    rawTx: signed.rawTx,
    clawedWei: signed.clawedWei,
    shortfallWei: signed.shortfallWei,
    attempts: r.attempts + 1,
  })
}

/**
 * A signed clawback: settles it from its receipt, else (re-)broadcasts its stored transaction.
 * Errors are classified, never retried blindly; a transaction is only ever re-signed with a new
 * nonce once it can no longer be mined (it reverted, the node refused it, or its nonce was used by
 * another transaction), so a refund never burns twice.
 */
export async function checkClawback(rt: ClawbackRuntime, r: RefundClawbackRecord): Promise<void> {
  for (const hash of attemptsOf(r)) {
    const receipt = await receiptOf(rt, hash)
    if (receipt) return settleClawback(rt, r, receipt)
  }
  if (r.signedAt !== null && rt.now() - r.signedAt >= rt.replaceAfterMs) {
    const replaced = await replaceClawback(rt, r)
    if (replaced) return broadcastClawback(rt, replaced)
  }
  await broadcastClawback(rt, r)
}

/** Every transaction of the clawback that may be mined: the current one and those it replaced. */
const attemptsOf = (r: RefundClawbackRecord) => [...(r.txHash ? [r.txHash] : []), ...r.replacedTxHashes]

/**
 * A clawback transaction unmined for `replaceAfterMs`: the same call with the same nonce, signed
 * again with fees 12.5 % higher (or the current ones when higher; within the caps), stored (fenced)
 * before it is broadcast. The one it replaces stays polled: whichever is mined settles the refund,
 * and since they share a nonce only one can be. Undefined when the caps leave no room for a bump.
 */
async function replaceClawback(
  rt: ClawbackRuntime,
  r: RefundClawbackRecord,
): Promise<RefundClawbackRecord | undefined> {
  if (!r.rawTx || !r.txHash || r.nonce === null) return undefined
  const replacement = await signReplacement({
    signer: rt.signer,
    chainId: rt.chain.chainId,
    caps: rt.caps,
    stuck: r.rawTx as Hex,
    current: await rt.fees().catch(() => undefined),
  })
  if (!replacement) return undefined
  const { raw, txHash, fees } = replacement
  const now = rt.now()
  const stored = await rt.fenced((tx) =>
    tx.payments.replaceClawbackTransaction({
      refundId: r.refundId,
      previousTxHash: r.txHash as string,
      txHash,
      rawTx: raw,
      now,
    }),
  )
  if (!stored) return undefined
  rt.stats.transactionsReplaced++
  rt.logger.info(
    { refundId: r.refundId, nonce: r.nonce, txHash, replaces: r.txHash, maxFeePerGas: fees.maxFeePerGas.toString() },
    'stuck clawback transaction replaced with higher fees',
  )
  return { ...r, txHash, rawTx: raw, replacedTxHashes: [...r.replacedTxHashes, r.txHash], signedAt: now }
}

async function broadcastClawback(rt: ClawbackRuntime, r: RefundClawbackRecord): Promise<void> {
  if (!r.rawTx || !r.txHash || r.nonce === null) {
    await rt.retry(r, 'signed clawback without a stored transaction', { resign: true, delayMs: 0 })
    return
  }
  try {
    await rt.client.request({ method: 'eth_sendRawTransaction', params: [r.rawTx as Hex] })
  } catch (error) {
    const { kind, message } = classifySendError(error)
    switch (kind) {
      case 'already_known':
        break
      case 'nonce_too_low': {
        const diagnosis = await diagnoseNonceTooLow(rt.client, {
          address: rt.signerAddress,
          nonce: r.nonce,
          txHashes: attemptsOf(r) as Hash[],
        })
        if (diagnosis.verdict === 'mined') return settleClawback(rt, r, diagnosis.receipt as unknown as Receipt)
        if (diagnosis.verdict === 'not_used') return later(rt, r, 'nonce pending in the pool')
        const pending = await rt.client.getTransactionCount({ address: rt.signerAddress, blockTag: 'pending' })
        await rt.fenced((tx) => tx.nonces.resync({ ...rt.scope, chainNonce: Math.max(pending, diagnosis.chainNonce) }))
        rt.logger.warn(
          { refundId: r.refundId, nonce: r.nonce },
          'clawback nonce used by another transaction; re-signing',
        )
        return rt.retry(r, `nonce ${r.nonce} was used by another transaction`, { resign: true, delayMs: 0 })
      }
      case 'reverted': {
        const receipt = await receiptOf(rt, r.txHash)
        if (receipt) return settleClawback(rt, r, receipt)
        return later(rt, r, message)
      }
      case 'underpriced':
        // A replacement the node will not take (yet): the attempt before it is still pending.
        if (r.replacedTxHashes.length > 0) return later(rt, r, message)
        rt.stats.lastError = message
        return rt.retry(r, `${kind}: ${message}`)
      case 'fee_too_low':
      case 'rejected': {
        // An attempt it replaced may still be in a pool: the nonce is not free, keep polling them.
        if (r.replacedTxHashes.length > 0) return later(rt, r, `replacement refused (${kind}): ${message}`)
        // The node refused this exact transaction: it was never in a pool, so its nonce is free again.
        await rt.fenced(async (tx) => {
          await tx.nonces.release({ ...rt.scope, nonce: r.nonce as number })
          await tx.payments.scheduleClawbackRetry({
            refundId: r.refundId,
            error: `broadcast rejected (${kind}): ${message}`,
            nextAttemptAt: rt.now() + rt.retryBaseMs,
            resign: true,
            now: rt.now(),
          })
        })
        rt.stats.lastError = message
        return
      }
      default:
        rt.stats.lastError = message
        return rt.retry(r, `${kind}: ${message}`)
    }
  }
  for (const hash of attemptsOf(r)) {
    const receipt = await receiptOf(rt, hash)
    if (receipt) return settleClawback(rt, r, receipt)
  }
  await later(rt, r, 'waiting for the receipt')
}

async function settleClawback(rt: ClawbackRuntime, r: RefundClawbackRecord, receipt: Receipt): Promise<void> {
  if (receipt.status !== 'success') {
    // Mined and reverted (the balance moved since the simulation): its nonce is used; sign anew.
    return rt.retry(r, `clawback transaction ${receipt.transactionHash} reverted`, { resign: true })
  }
  const logs = parseEventLogs({ abi: pointsTokenAbi, eventName: 'Clawback', logs: receipt.logs as never })
  const burned = logs.reduce((sum, l) => sum + (l.args.amount as bigint), 0n)
  // The burn's Transfer(wallet → 0): the log the ledger entry points at.
  const burn = parseEventLogs({ abi: pointsTokenAbi, eventName: 'Transfer', logs: receipt.logs as never }).find(
    (l) =>
      l.address.toLowerCase() === rt.chain.contracts.pointsToken.toLowerCase() &&
      l.args.from.toLowerCase() === r.walletAddress?.toLowerCase() &&
      l.args.to === zeroAddress,
  )
  await finish(rt, r, {
    txHash: receipt.transactionHash,
    blockNumber: Number(receipt.blockNumber),
    clawedWei: burned,
    logIndex: burn?.logIndex ?? null,
  })
}

async function finish(
  rt: ClawbackRuntime,
  r: RefundClawbackRecord,
  p: { txHash: Hash | null; blockNumber: number | null; clawedWei: bigint; logIndex: number | null },
): Promise<void> {
  const owed = wantedWei(r)
  const shortfall = owed > p.clawedWei ? owed - p.clawedWei : 0n
  await rt.fenced(async (tx) => {
    await tx.payments.confirmClawback({
      refundId: r.refundId,
      txHash: p.txHash,
      blockNumber: p.blockNumber,
      clawedWei: p.clawedWei.toString(),
      shortfallWei: shortfall.toString(),
      now: rt.now(),
    })
    // The burn in the ledger, confirmed, with the refund it settles (nothing burned: nothing moved).
    if (p.clawedWei > 0n && r.walletAddress) await recordClawbackEntry(tx, r, { ...p, shortfall }, rt.ctx)
  })
  rt.stats.clawbacksConfirmed++
  const facts = {
    refundId: r.refundId,
    sessionId: r.sessionId,
    wallet: r.walletAddress,
    txHash: p.txHash,
    clawedWei: p.clawedWei.toString(),
    shortfallWei: shortfall.toString(),
  }
  if (shortfall > 0n) {
    rt.stats.shortfalls++
    rt.logger.warn(facts, 'refund clawback short: the user already spent part of the refunded tokens')
  } else rt.logger.info(facts, 'refund clawed back')
}

async function later(rt: ClawbackRuntime, r: RefundClawbackRecord, reason: string): Promise<void> {
  await rt.fenced((tx) =>
    tx.payments.scheduleClawbackRetry({
      refundId: r.refundId,
      error: reason,
      nextAttemptAt: rt.now() + rt.receiptPollMs,
      resign: false,
      now: rt.now(),
    }),
  )
}

async function receiptOf(rt: ClawbackRuntime, txHash: string | null): Promise<Receipt | undefined> {
  if (!txHash) return undefined
  return (await rt.client.getTransactionReceipt({ hash: txHash as Hash }).catch(() => undefined)) as Receipt | undefined
}
