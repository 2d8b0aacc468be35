import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { CheckoutSessionRecord } from '../ports/payment-store'
import { PaymentSessionNotFoundError } from './payment-errors'

export const getCheckoutSessionParametersSchema = z.object({
  /** Any string: what is no session id of this server is not found. */
  sessionId: z.string(),
  /** Only a session of this provider (e.g. `local`). */
  provider: z.string().optional(),
})

export type GetCheckoutSessionParameters = z.input<typeof getCheckoutSessionParametersSchema>

/**
 * A checkout session created here, optionally only of one provider (the dev-checkout page asks for
 * `local` ones). Throws PaymentSessionNotFoundError (404) otherwise.
 */
export async function getCheckoutSession(
  ctx: EngineContext,
  params: GetCheckoutSessionParameters,
): Promise<CheckoutSessionRecord> {
  const p = parseInput(getCheckoutSessionParametersSchema, params)
  const session = /^[A-Za-z0-9_-]{1,190}$/.test(p.sessionId)
    ? await ctx.storage.payments.getCheckoutSession(p.sessionId)
    : undefined
  if (!session || (p.provider !== undefined && session.provider !== p.provider)) {
    throw new PaymentSessionNotFoundError(p.sessionId)
  }
  return session
}
