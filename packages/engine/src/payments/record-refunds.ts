import type { EngineContext } from '../context'
import type { PaymentEvent, ProviderRefund } from '../ports/payment-provider'
import type { RefundClawbackRecord } from '../ports/payment-store'
import { allocateRefundTokens } from './allocate-refund-tokens'
import { signalClawbackWork } from './clawback-signals'

type ChargeRefunded = Extract<PaymentEvent, { type: 'charge.refunded' }>

/** Refund statuses that claw back: money is on its way back to the payer (or already is). */
const CLAWBACK_STATUSES: ReadonlySet<ProviderRefund['status']> = new Set(['succeeded', 'pending'])

export type RecordRefundsReturnType = {
  /** Refunds this call wrote into the ledger. */
  recorded: number
  /** True when the charge's payment is not minted (yet): the rows wait for it. */
  awaitingPayment: boolean
}

/**
 * Writes every clawing refund of a refunded charge into the ledger, once per refund id, with the
 * tokens it claws back (its share of the tokens the charge bought, see `allocateRefundTokens`).
 * Safe in any order and on redelivery: known refunds are left as they are, and refunds of a charge
 * whose payment is not minted yet wait (`awaiting_payment`) until the clawback worker finds it.
 */
export async function recordRefunds(
  ctx: EngineContext,
  event: ChargeRefunded,
  providerName: string,
): Promise<RecordRefundsReturnType> {
  const paymentIntentId = event.paymentIntentId
  if (!paymentIntentId) return { recorded: 0, awaitingPayment: false }
  const refunds = event.refunds.filter((r) => CLAWBACK_STATUSES.has(r.status))
  if (refunds.length === 0) return { recorded: 0, awaitingPayment: false }

  const result = await ctx.storage.transaction(async (tx) => {
    const payment = await tx.payments.findPaymentByIntent(paymentIntentId)
    const known = await tx.payments.listRefundsByIntent(paymentIntentId)
    const byId = new Map<string, { refundId: string; refundCents: number; createdAt: number }>()
    for (const k of known)
      byId.set(k.refundId, { refundId: k.refundId, refundCents: k.refundCents, createdAt: k.refundCreatedAt })
    for (const r of refunds) {
      if (!byId.has(r.id)) byId.set(r.id, { refundId: r.id, refundCents: r.amountCents, createdAt: r.createdAt })
    }
    const ordered = [...byId.values()].sort(
      (a, b) => a.createdAt - b.createdAt || (a.refundId < b.refundId ? -1 : a.refundId > b.refundId ? 1 : 0),
    )
    const tokens = payment ? allocateRefundTokens(BigInt(payment.tokenAmount), event.amountCents, ordered) : undefined
    const now = ctx.clock.now()
    let recorded = 0
    for (const r of refunds) {
      if (known.some((k) => k.refundId === r.id)) continue
      const row: RefundClawbackRecord = {
        refundId: r.id,
        provider: providerName,
        paymentIntentId,
        chargeId: event.chargeId,
        refundCents: r.amountCents,
        chargeAmountCents: event.amountCents,
        currency: event.currency,
        refundCreatedAt: r.createdAt,
        sessionId: payment?.sessionId ?? null,
        brandId: payment?.brandId ?? null,
        walletAddress: payment?.walletAddress ?? null,
        mintJobId: payment?.mintJobId ?? null,
        tokenAmount: tokens ? (tokens.get(r.id) ?? 0n).toString() : null,
        status: payment ? 'pending' : 'awaiting_payment',
        clawedWei: null,
        shortfallWei: null,
        chainId: null,
        signer: null,
        nonce: null,
        txHash: null,
        rawTx: null,
        blockNumber: null,
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        createdAt: now,
        updatedAt: now,
        confirmedAt: null,
        replacedTxHashes: [],
        signedAt: null,
      }
      if ((await tx.payments.insertRefundIfAbsent(row)).created) recorded++
    }
    return { recorded, awaitingPayment: !payment }
  })
  if (result.recorded > 0) {
    ctx.logger.info(
      { paymentIntentId, chargeId: event.chargeId, refunds: result.recorded, awaitingPayment: result.awaitingPayment },
      'refunds recorded for clawback',
    )
    signalClawbackWork(ctx.storage)
  }
  return result
}
