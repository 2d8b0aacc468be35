import type { Address, Hash, Hex, TransactionReceipt } from 'viem'
import type { EngineContext } from '../context'
import { isLoyaltyError } from '../errors/loyalty-error'
import type { ChainPort } from '../ports/chain'
import type { PendingRedemption } from '../ports/pending-redemption-store'
import type { RelayTxRecord } from '../ports/relay-store'
import { delay } from '../workers/delay'
import { confirmPendingRedemption, loadSettledRedemption, type SettledRedemption } from './confirm-pending-redemption'

export type RedemptionSettlement =
  | { state: 'confirmed'; settled: SettledRedemption }
  | { state: 'failed'; error: string }
  | { state: 'pending' }

const POLL_MS = 200

/** What the store says of a redemption another caller settled first. */
async function settledElsewhere(ctx: EngineContext, id: string): Promise<RedemptionSettlement> {
  const now = await ctx.storage.pendingRedemptions.get(id)
  if (now?.state === 'confirmed' && now.redemptionId) {
    const settled = await loadSettledRedemption(ctx, now.redemptionId)
    if (settled) return { state: 'confirmed', settled }
  }
  if (now?.state === 'failed') return { state: 'failed', error: now.error ?? 'failed' }
  return { state: 'pending' }
}

/** Marks it failed (its idempotency key free again), unless another caller settled it first. */
async function failPendingRedemption(ctx: EngineContext, id: string, error: string): Promise<RedemptionSettlement> {
  if (await ctx.storage.pendingRedemptions.fail({ id, error, now: ctx.clock.now() })) {
    ctx.logger.warn({ pendingRedemptionId: id, error }, 'perk redemption failed')
    return { state: 'failed', error }
  }
  return settledElsewhere(ctx, id)
}

/** Broadcasts a stored claim again; any refusal (already known, mined, a nonce gap) is left to the reads. */
async function resend(ctx: EngineContext, chain: ChainPort, record: RelayTxRecord) {
  try {
    if (chain.sendRawTransactions) await chain.sendRawTransactions([record.raw as Hex])
    else await chain.publicClient.sendRawTransaction({ serializedTransaction: record.raw as Hex })
  } catch (error) {
    ctx.logger.debug(
      { txHash: record.txHash, error: error instanceof Error ? error.message : String(error) },
      'pending redemption claim not re-broadcast',
    )
  }
}

/**
 * Settles a pending redemption from the chain, never claiming again (docs/perks.md "Redemption
 * states"). Unsigned: failed when `unsignedFails` (the caller holds the member's lease, so no live
 * redemption is about to sign it; a late signer finds it failed and rolls its signature back), else
 * left pending. Signed: the chain's nonce of the relayer is read first, then the receipts of every
 * stored attempt at the claim's nonce (the claim and its fee replacements): a mined success is
 * confirmed (`confirmPendingRedemption`), a mined revert failed; none mined while the nonce is used
 * (by another transaction), or every attempt dropped by the relay sender (refused, never broadcast),
 * means it can never be mined: failed. Otherwise the stored signed claim is
 * broadcast again and its receipt awaited up to `waitMs`; still unmined, it stays pending.
 */
export async function settlePendingRedemption(
  ctx: EngineContext,
  chain: ChainPort,
  pending: PendingRedemption,
  options: { unsignedFails: boolean; waitMs: number },
): Promise<RedemptionSettlement> {
  if (pending.state !== 'pending') return settledElsewhere(ctx, pending.id)
  const { transactionHash, signer, nonce, chainId } = pending
  if (!transactionHash || signer === null || nonce === null || chainId === null) {
    if (!options.unsignedFails) return { state: 'pending' }
    return failPendingRedemption(ctx, pending.id, 'its claim was never signed')
  }
  const until = Date.now() + options.waitMs
  let resent = false
  for (;;) {
    // The nonce first: a claim mined after this read still shows its receipt below.
    const used = await chain.publicClient.getTransactionCount({ address: signer as Address, blockTag: 'latest' })
    // The claim and its replacements: the member's claimFor at that nonce (a nonce released and
    // reused by another call is not ours).
    const stored = (await ctx.storage.relay.listByNonce({ chainId, signer, nonce })).filter(
      (r) =>
        r.functionName === 'claimFor' &&
        r.userAddress === pending.walletAddress &&
        r.to === chain.contracts.perkCollection.toLowerCase(),
    )
    const hashes = stored.length > 0 ? stored.map((r) => r.txHash) : [transactionHash]
    for (const hash of hashes) {
      const receipt: TransactionReceipt | undefined = await chain.publicClient
        .getTransactionReceipt({ hash: hash as Hash })
        .catch(() => undefined)
      if (!receipt) continue
      if (receipt.status !== 'success') return failPendingRedemption(ctx, pending.id, `its claim ${hash} reverted`)
      const settled = await confirmPendingRedemption(ctx, chain, pending, { txHash: hash, receipt })
      return { state: 'confirmed', settled }
    }
    if (used > nonce) {
      return failPendingRedemption(ctx, pending.id, `nonce ${nonce} was used by another transaction: never mined`)
    }
    if (stored.length > 0 && stored.every((r) => r.status === 'dropped')) {
      return failPendingRedemption(ctx, pending.id, `its claim was dropped: ${stored.at(-1)?.error ?? 'not sent'}`)
    }
    const newest = stored.reduce<RelayTxRecord | undefined>(
      (a, b) => (a === undefined || BigInt(b.maxFeePerGas) > BigInt(a.maxFeePerGas) ? b : a),
      undefined,
    )
    if (!resent && newest) {
      resent = true
      await resend(ctx, chain, newest)
      continue
    }
    if (Date.now() >= until) return { state: 'pending' }
    await delay(POLL_MS)
  }
}

/**
 * After the claim's send threw (`redeemForMember`): a refusal or relay error known to the engine is
 * settled at once (unsigned or dropped: failed, its key free; mined: confirmed or failed from the
 * receipt; else left pending). An unexpected error leaves it pending for a retry or the recovery.
 * Never throws over the send's error.
 */
export async function settleAfterFailure(ctx: EngineContext, chain: ChainPort, id: string, error: unknown) {
  if (!isLoyaltyError(error)) return
  try {
    const pending = await ctx.storage.pendingRedemptions.get(id)
    if (pending) await settlePendingRedemption(ctx, chain, pending, { unsignedFails: true, waitMs: 0 })
  } catch (settling) {
    ctx.logger.warn(
      { pendingRedemptionId: id, error: settling instanceof Error ? settling.message : String(settling) },
      'pending redemption not settled after its claim failed',
    )
  }
}
