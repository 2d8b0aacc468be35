import type { EngineContext } from '../context'
import type { CheckoutSessionRecord } from '../ports/payment-store'
import { PaymentSessionNotFoundError } from './payment-errors'

/**
 * A checkout session created here, optionally only of one provider (the dev-checkout page asks for
 * `local` ones). Throws PaymentSessionNotFoundError (404) otherwise.
 */
export async function getCheckoutSession(
  ctx: EngineContext,
  params: { sessionId: string; provider?: string },
): Promise<CheckoutSessionRecord> {
  const session = /^[A-Za-z0-9_-]{1,190}$/.test(params.sessionId)
    ? await ctx.storage.payments.getCheckoutSession(params.sessionId)
    : undefined
  if (!session || (params.provider !== undefined && session.provider !== params.provider)) {
    throw new PaymentSessionNotFoundError(params.sessionId)
  }
  return session
}
