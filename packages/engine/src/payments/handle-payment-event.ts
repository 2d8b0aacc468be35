import type { EngineContext } from '../context'
import { isLoyaltyError } from '../errors/loyalty-error'
import { parseInput } from '../errors/zod-issues'
import type { PaymentProvider } from '../ports/payment-provider'
import { acceptPayment } from './accept-payment'
import { type HandlePaymentEventParameters, handlePaymentEventParametersSchema } from './handle-payment-event-schema'
import { recordRefunds } from './record-refunds'

const SESSION_METADATA_CODES: ReadonlySet<string> = new Set([
  'INVALID_WALLET_ADDRESS',
  'INVALID_AMOUNT',
  'AMOUNT_MISMATCH',
])

export type HandlePaymentEventOptions = {
  /** The provider the event came from (its sessions are read back through it). */
  provider: PaymentProvider
}

export type HandlePaymentEventReturnType = {
  /** True when this event id was processed before: nothing was done again. */
  duplicate: boolean
  /** What was done (also stored with the event): `minted`, `already_processed`, `ignored: …`, … */
  outcome: string
}

/**
 * Acts on one verified provider event, once per event id:
 * - `checkout.session.completed`, `checkout.session.async_payment_succeeded` → the payment-mint
 *   path (`acceptPayment`; no wait for the chain). A session still unpaid (async payment methods)
 *   or not created by create-checkout is acknowledged and ignored.
 * - `payment_intent.succeeded` → recorded (informational).
 * - `charge.refunded` → the refunds go into the ledger and are clawed back (`recordRefunds`).
 * The event id is recorded only after its effects committed, and every effect is idempotent, so a
 * failure (thrown: the provider redelivers) or a concurrent duplicate never does anything twice.
 */
export async function handlePaymentEvent(
  ctx: EngineContext,
  params: HandlePaymentEventParameters,
  options: HandlePaymentEventOptions,
): Promise<HandlePaymentEventReturnType> {
  const event = parseInput(handlePaymentEventParametersSchema, params, 'Invalid payment event')
  const seen = await ctx.storage.payments.getEvent(event.id)
  if (seen) return { duplicate: true, outcome: seen.outcome }

  let outcome: string
  let objectId: string | null = null
  let data: Record<string, unknown> = {}
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      objectId = event.sessionId
      outcome = await completeSession(ctx, event.sessionId, options.provider)
      break
    }
    case 'payment_intent.succeeded':
      objectId = event.paymentIntentId
      data = { amountCents: event.amountCents, currency: event.currency }
      outcome = 'recorded'
      break
    case 'charge.refunded': {
      objectId = event.chargeId
      data = {
        paymentIntentId: event.paymentIntentId,
        amountCents: event.amountCents,
        amountRefundedCents: event.amountRefundedCents,
        refunds: event.refunds.map((r) => ({ id: r.id, amountCents: r.amountCents, status: r.status })),
      }
      const r = await recordRefunds(ctx, event, options.provider.name)
      outcome = r.awaitingPayment ? `refunds: ${r.recorded} awaiting the payment` : `refunds: ${r.recorded}`
      break
    }
    default:
      data = { type: event.providerType }
      outcome = 'ignored'
  }
  await ctx.storage.payments.recordEvent({
    id: event.id,
    provider: options.provider.name,
    type: event.type === 'other' ? event.providerType : event.type,
    objectId,
    outcome,
    data,
    processedAt: ctx.clock.now(),
  })
  return { duplicate: false, outcome }
}

async function completeSession(ctx: EngineContext, sessionId: string, provider: PaymentProvider): Promise<string> {
  try {
    const { created } = await acceptPayment(ctx, sessionId, { provider })
    return created ? 'minted' : 'already_processed'
  } catch (error) {
    if (!isLoyaltyError(error)) throw error
    const details = (error.details ?? {}) as { paymentStatus?: string; foreignSession?: boolean }
    if (error.code === 'PAYMENT_NOT_COMPLETED') return `ignored: payment ${details.paymentStatus}`
    if (error.category === 'invalid_request' && SESSION_METADATA_CODES.has(error.code)) {
      if (details.foreignSession) return 'ignored: not a loyaltykit session'
      ctx.logger.error({ sessionId, code: error.code, details: error.details }, 'paid session cannot be minted')
      return `rejected: ${error.code}`
    }
    throw error
  }
}
