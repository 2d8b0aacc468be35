import { type CheckoutSession, type PaymentProvider, WebhookSignatureError } from '@loyaltykit/engine'
import Stripe from 'stripe'
import { fromStripeError, isResourceMissing } from './stripe-errors'
import { toPaymentEvent } from './stripe-payment-event'

export type StripePaymentProviderOptions = {
  /** STRIPE_SECRET_KEY (sk_… or a restricted rk_… key with Checkout Sessions and Refunds read). */
  secretKey: string
  /** STRIPE_WEBHOOK_SECRET of the endpoint that points at /loyalty-api/stripe-webhook. */
  webhookSecret: string
  /** Seconds a signed webhook stays valid (replay window). Default 300, Stripe's own default. */
  webhookToleranceSeconds?: number
  /** Extra Stripe client settings (timeout, maxNetworkRetries, host for a mock in tests…). */
  stripeConfig?: Stripe.StripeConfig
}

function toSession(s: Stripe.Checkout.Session): CheckoutSession {
  const pi = s.payment_intent
  return {
    id: s.id,
    url: s.url ?? null,
    paymentStatus: s.payment_status,
    status: s.status ?? null,
    amountTotalCents: s.amount_total ?? null,
    currency: s.currency ?? null,
    metadata: { ...(s.metadata ?? {}) },
    paymentIntentId: pi === null || pi === undefined ? null : typeof pi === 'string' ? pi : pi.id,
    customerEmail: s.customer_details?.email ?? s.customer_email ?? null,
  }
}

/**
 * The PaymentProvider over Stripe Checkout (the `stripe` package): sessions in `payment` mode with
 * one price_data line, the mint metadata on the session and on its PaymentIntent; webhooks verified
 * over the raw body with the endpoint's signing secret. Errors become engine errors (`fromStripeError`).
 */
export function createStripePaymentProvider(
  options: StripePaymentProviderOptions,
): PaymentProvider & { stripe: Stripe } {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'loyaltykit', url: 'https://github.com/loyaltykit/loyaltykit' },
    ...options.stripeConfig,
  })
  const tolerance = options.webhookToleranceSeconds ?? 300
  return {
    name: 'stripe',
    stripe,

    async createCheckoutSession(p) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: p.currency, unit_amount: p.amountCents, product_data: { name: p.productName } },
              },
            ],
            success_url: p.successUrl,
            cancel_url: p.cancelUrl,
            customer_email: p.customerEmail,
            metadata: p.metadata,
            payment_intent_data: { metadata: p.metadata },
          },
          p.idempotencyKey ? { idempotencyKey: p.idempotencyKey } : undefined,
        )
        if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`)
        return { ...toSession(session), url: session.url }
      } catch (error) {
        throw fromStripeError(error, 'checkout.sessions.create')
      }
    },

    async retrieveCheckoutSession(sessionId) {
      try {
        return toSession(await stripe.checkout.sessions.retrieve(sessionId))
      } catch (error) {
        if (isResourceMissing(error)) return undefined
        throw fromStripeError(error, 'checkout.sessions.retrieve')
      }
    },

    async parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature']
      if (typeof signature !== 'string' || signature.length === 0) {
        throw new WebhookSignatureError('Missing Stripe-Signature header')
      }
      let event: Stripe.Event
      try {
        const payload = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody)
        event = await stripe.webhooks.constructEventAsync(payload, signature, options.webhookSecret, tolerance)
      } catch (error) {
        throw new WebhookSignatureError('Invalid Stripe webhook signature', error)
      }
      return toPaymentEvent(stripe, event)
    },
  }
}
