import type { EngineContext } from '../context'
import { allocateRefundTokens } from './allocate-refund-tokens'

/** Next look for a refund whose payment is still unknown: a tenth of its age, 1 s to 1 h. */
function awaitingRefundDelay(ageMs: number): number {
  return Math.min(3_600_000, Math.max(1_000, Math.floor(ageMs / 10)))
}

/**
 * Refunds recorded before their payment was minted (a `charge.refunded` that overtook the
 * checkout's completion): once the payment exists, attach each to it with its share of the tokens.
 * A refund whose payment is still unknown is looked at again later and less often
 * (`awaitingRefundDelay`): refunds of charges that never were points purchases (another product on
 * the same Stripe account) stay in the ledger as `awaiting_payment` without crowding out the others.
 * Answers how many were attached. Run by the clawback worker on every pass.
 */
export async function attachAwaitingRefunds(ctx: EngineContext, limit = 50): Promise<number> {
  const now = ctx.clock.now()
  const awaiting = await ctx.storage.payments.listAwaitingRefunds({ now, limit })
  let attached = 0
  const intents = new Set(awaiting.map((r) => r.paymentIntentId))
  for (const paymentIntentId of intents) {
    const payment = await ctx.storage.payments.findPaymentByIntent(paymentIntentId)
    if (!payment) {
      for (const r of awaiting.filter((a) => a.paymentIntentId === paymentIntentId)) {
        await ctx.storage.payments.deferAwaitingRefund({
          refundId: r.refundId,
          nextAttemptAt: now + awaitingRefundDelay(now - r.createdAt),
          now,
        })
      }
      continue
    }
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
