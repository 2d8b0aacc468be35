import type { EngineContext } from '../context'
import { isLoyaltyError } from '../errors/loyalty-error'
import { recordLedgerEntry } from '../ledger/record-ledger-entry'
import { enqueueMint } from '../minting/enqueue-mint'
import type { CheckoutSession, PaymentProvider } from '../ports/payment-provider'
import type { PaymentRecord } from '../ports/payment-store'
import { enqueueWebhook } from '../webhooks/enqueue-webhook'
import { PaymentNotCompletedError, PaymentProviderError, PaymentSessionNotFoundError } from './payment-errors'
import { parseSessionMetadata } from './session-metadata'

export type AcceptedPayment = {
  payment: PaymentRecord
  /** True for the one call that recorded the payment and enqueued its mint. */
  created: boolean
}

/** The idempotency key of a session's mint job: one mint per session, whoever asks. */
const paymentMintKey = (sessionId: string) => `payment:${sessionId}`

/**
 * The completion path shared by payment-mint, Stripe webhooks and the local provider's Pay button:
 * a session already minted answers its payment at once; otherwise the session is retrieved from the
 * provider, must be paid, and its metadata must check out; then ONE transaction enqueues the mint
 * (idempotency key `payment:<sessionId>`), records the payment and its `purchase` ledger entry, and
 * queues the brand's `tokens_distributed` webhook. Concurrent calls for one session: exactly one gets `created: true`.
 */
export async function acceptPayment(
  ctx: EngineContext,
  sessionId: string,
  options: { provider: PaymentProvider },
): Promise<AcceptedPayment> {
  const existing = await ctx.storage.payments.getPayment(sessionId)
  if (existing) return { payment: existing, created: false }

  const session = await retrieve(options.provider, sessionId)
  if (!session) throw new PaymentSessionNotFoundError(sessionId)
  if (session.paymentStatus !== 'paid') throw new PaymentNotCompletedError(sessionId, session.paymentStatus)
  const facts = parseSessionMetadata(session.metadata)

  const accepted = await ctx.storage.transaction(async (tx) => {
    const now = ctx.clock.now()
    const mint = await enqueueMint(
      tx,
      {
        idempotencyKey: paymentMintKey(sessionId),
        to: facts.wallet,
        amount: facts.tokenAmount,
        source: 'payment',
        ref: sessionId,
        brandId: facts.brandId ?? undefined,
      },
      { clock: ctx.clock, ids: ctx.ids },
    )
    const result = await tx.payments.insertPaymentIfAbsent({
      sessionId,
      provider: options.provider.name,
      brandId: facts.brandId,
      userEmail: facts.email,
      walletAddress: facts.wallet,
      usdAmount: facts.usdAmount,
      tokenAmount: facts.tokenAmount.toString(),
      amountTotalCents: session.amountTotalCents,
      currency: session.currency,
      paymentIntentId: session.paymentIntentId,
      mintJobId: mint.jobId,
      createdAt: now,
    })
    // The purchase in the ledger, pending on the mint (idempotent: every concurrent call tries it, one row results).
    await recordLedgerEntry(
      tx,
      {
        kind: 'purchase',
        sourceType: 'checkout_session',
        sourceId: sessionId,
        brandId: facts.brandId,
        walletAddress: facts.wallet,
        userKey: facts.email ? `email:${facts.email.toLowerCase()}` : null,
        amount: facts.tokenAmount,
        mintJobId: mint.jobId,
        snapshot: { usdAmount: facts.usdAmount, currency: session.currency, provider: options.provider.name },
        createdAt: now,
      },
      ctx,
    )
    if (result.created && facts.brandId && (await tx.brands.get(facts.brandId))) {
      await enqueueWebhook(
        tx,
        {
          eventId: paymentMintKey(sessionId),
          mintJobId: mint.jobId,
          brandId: facts.brandId,
          userId: facts.email ?? facts.wallet,
          email: facts.email ?? '',
          walletAddress: facts.wallet,
          tokenAmount: Number(facts.tokenAmount),
        },
        ctx,
      )
    }
    return result
  })
  if (accepted.created) {
    ctx.logger.info(
      { sessionId, provider: options.provider.name, tokenAmount: accepted.payment.tokenAmount },
      'payment accepted; mint enqueued',
    )
  }
  return accepted
}

async function retrieve(provider: PaymentProvider, sessionId: string): Promise<CheckoutSession | undefined> {
  try {
    return await provider.retrieveCheckoutSession(sessionId)
  } catch (error) {
    if (isLoyaltyError(error)) throw error
    throw new PaymentProviderError('The payment provider could not be reached', { sessionId }, error)
  }
}
