import type { PaymentEvent, ProviderRefund } from '@loyaltykit/engine'
import type Stripe from 'stripe'
import { fromStripeError } from './stripe-errors'

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : v.id

function toRefund(r: Stripe.Refund): ProviderRefund {
  return {
    id: r.id,
    amountCents: r.amount,
    status: (r.status ?? 'pending') as ProviderRefund['status'],
    createdAt: r.created * 1000,
  }
}

/**
 * A verified Stripe event in the engine's terms. `charge.refunded` lists every refund of the charge:
 * from the event's `charge.refunds` when complete, else from the Refunds API (recent API versions no
 * longer include `refunds` in Charge objects).
 */
export async function toPaymentEvent(stripe: Stripe, event: Stripe.Event): Promise<PaymentEvent> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { id: event.id, type: event.type, sessionId: event.data.object.id }
    case 'payment_intent.succeeded': {
      const pi = event.data.object
      return {
        id: event.id,
        type: 'payment_intent.succeeded',
        paymentIntentId: pi.id,
        amountCents: pi.amount_received ?? pi.amount,
        currency: pi.currency,
      }
    }
    case 'charge.refunded': {
      const charge = event.data.object
      let refunds: Stripe.Refund[]
      if (charge.refunds && !charge.refunds.has_more) refunds = charge.refunds.data
      else {
        try {
          refunds = await stripe.refunds.list({ charge: charge.id, limit: 100 }).autoPagingToArray({ limit: 1000 })
        } catch (error) {
          throw fromStripeError(error, 'refunds.list')
        }
      }
      return {
        id: event.id,
        type: 'charge.refunded',
        chargeId: charge.id,
        paymentIntentId: idOf(charge.payment_intent),
        amountCents: charge.amount,
        amountRefundedCents: charge.amount_refunded,
        currency: charge.currency,
        refunds: refunds.map(toRefund),
      }
    }
    default:
      return { id: event.id, type: 'other', providerType: event.type }
  }
}
