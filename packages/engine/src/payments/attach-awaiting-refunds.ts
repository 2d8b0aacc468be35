import type { EngineContext } from '../context'
import { allocateRefundTokens } from './allocate-refund-tokens'

/**
 * Refunds recorded before their payment was minted (a `charge.refunded` that overtook the
 * checkout's completion): once the payment exists, attach each to it with its share of the tokens.
 * Answers how many were attached. Run by the clawback worker on every pass.
 */
export async function attachAwaitingRefunds(ctx: EngineContext, limit = 50): Promise<number> {
  const awaiting = await ctx.storage.payments.listAwaitingRefunds(limit)
  let attached = 0
  const intents = new Set(awaiting.map((r) => r.paymentIntentId))
  for (const paymentIntentId of intents) {
    const payment = await ctx.storage.payments.findPaymentByIntent(paymentIntentId)
    if (!payment) continue
    attached += await ctx.storage.transaction(async (tx) => {
      const all = await tx.payments.listRefundsByIntent(paymentIntentId)
      const chargeCents = all[0]?.chargeAmountCents ?? payment.amountTotalCents ?? 0
      const tokens = allocateRefundTokens(BigInt(payment.tokenAmount), chargeCents, all)
      let n = 0
      for (const r of all) {
        if (r.status !== 'awaiting_payment') continue
        const ok = await tx.payments.attachRefund({
          refundId: r.refundId,
          sessionId: payment.sessionId,
          brandId: payment.brandId,
          walletAddress: payment.walletAddress,
          mintJobId: payment.mintJobId,
          tokenAmount: (tokens.get(r.refundId) ?? 0n).toString(),
          now: ctx.clock.now(),
        })
        if (ok) n++
      }
      return n
    })
  }
  return attached
}
