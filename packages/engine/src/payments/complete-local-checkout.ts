import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { PaymentProvider } from '../ports/payment-provider'
import { getCheckoutSession } from './get-checkout-session'
import { handlePaymentEvent } from './handle-payment-event'
import { LOCAL_PAYMENT_PROVIDER } from './local-payment-provider'
import { type MintForPaymentReturnType, settlePayment } from './mint-for-payment'
import { PaymentSessionNotFoundError } from './payment-errors'

export const completeLocalCheckoutParametersSchema = z.object({ sessionId: z.string() })

export type CompleteLocalCheckoutParameters = z.input<typeof completeLocalCheckoutParametersSchema>

export type CompleteLocalCheckoutOptions = {
  /** The local payment provider (its session is marked paid). */
  provider: PaymentProvider
  /** How long to wait for the mint before redirecting; default 20 s. */
  mintWaitMs?: number
}

export type CompleteLocalCheckoutReturnType = {
  /** Where to send the payer: the session's successUrl, `{CHECKOUT_SESSION_ID}` filled in. */
  redirectUrl: string
  payment: MintForPaymentReturnType
}

/** Stripe's success_url template placeholder, honoured by the local provider too. */
export const fillSessionId = (url: string, sessionId: string) => url.replaceAll('{CHECKOUT_SESSION_ID}', sessionId)

/**
 * The local provider's Pay button: marks the session paid (once; a second Pay changes nothing),
 * then runs exactly what a Stripe `checkout.session.completed` webhook runs (`handlePaymentEvent`,
 * event id `evt_local_<sessionId>`), then waits (bounded) for the mint so the payer lands on the
 * success page with the tokens on chain.
 */
export async function completeLocalCheckout(
  ctx: EngineContext,
  params: CompleteLocalCheckoutParameters,
  options: CompleteLocalCheckoutOptions,
): Promise<CompleteLocalCheckoutReturnType> {
  const { sessionId } = parseInput(completeLocalCheckoutParametersSchema, params)
  const session = await getCheckoutSession(ctx, { sessionId, provider: LOCAL_PAYMENT_PROVIDER })
  await ctx.storage.payments.markCheckoutSessionPaid({
    id: session.id,
    paymentIntentId: `pi_local_${randomBytes(12).toString('hex')}`,
    now: ctx.clock.now(),
  })
  await handlePaymentEvent(
    ctx,
    { id: `evt_local_${session.id}`, type: 'checkout.session.completed', sessionId: session.id },
    options,
  )
  const payment = await ctx.storage.payments.getPayment(session.id)
  if (!payment) throw new PaymentSessionNotFoundError(session.id)
  return {
    redirectUrl: fillSessionId(session.successUrl, session.id),
    payment: await settlePayment(ctx, payment, false, options.mintWaitMs ?? 20_000),
  }
}
