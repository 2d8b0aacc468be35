import type { z } from 'zod'
import type { handlePaymentEventParametersSchema, providerRefundSchema } from '../payments/handle-payment-event-schema'

/**
 * A payment processor that sells points through hosted checkout sessions: Stripe (server-express's
 * adapter over the `stripe` package) or the embedded local provider (`createLocalPaymentProvider`).
 * The engine speaks only this port; see docs/payments.md.
 *
 * Concurrency: every method may be called concurrently. `createCheckoutSession` creates a new
 * session per call unless an `idempotencyKey` is given (then the same key answers the same session).
 * `retrieveCheckoutSession` has no side effect.
 */
export interface PaymentProvider {
  /** Stored with every session and payment: `stripe`, `local`, … */
  readonly name: string
  createCheckoutSession(params: CreateCheckoutSessionParameters): Promise<CheckoutSession & { url: string }>
  /**
   * The session as the provider holds it now; undefined when the provider has no such session.
   * Network and provider failures throw (a LoyaltyError of category `upstream`).
   */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSession | undefined>
  /**
   * Verifies a webhook delivery's signature over the exact raw bytes and answers the event, with
   * whatever the engine needs resolved (a refunded charge's refunds). Throws WebhookSignatureError
   * (invalid_request) on a missing or bad signature. Absent when the provider sends no webhooks.
   */
  parseWebhook?(rawBody: Uint8Array | string, headers: WebhookHeaders): Promise<PaymentEvent>
}

export type WebhookHeaders = Readonly<Record<string, string | string[] | undefined>>

export type CreateCheckoutSessionParameters = {
  /** Integer, in the currency's smallest unit (USD cents). */
  amountCents: number
  /** Lowercase ISO 4217, e.g. `usd`. */
  currency: string
  /** What the payer sees, e.g. `5000 loyalty points`. */
  productName: string
  successUrl: string
  cancelUrl: string
  customerEmail: string
  /** String metadata the session carries back (`wallet`, `usd_amount`, `token_amount`, …). */
  metadata: Record<string, string>
  /** Same key → same session (Stripe's `Idempotency-Key`; the local provider stores it). */
  idempotencyKey?: string | undefined
}

/** A checkout session as the engine sees it, whichever provider holds it (Stripe's field meanings). */
export type CheckoutSession = {
  id: string
  /** The hosted payment page; null when the provider no longer offers one (complete, expired). */
  url: string | null
  /** Stripe's `payment_status` (a provider may add values). Only `paid` is minted. */
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required' | (string & {})
  /** Stripe's `status` (a provider may add values). */
  status: 'open' | 'complete' | 'expired' | (string & {}) | null
  /** Integer minor units (cents). */
  amountTotalCents: number | null
  currency: string | null
  metadata: Record<string, string>
  paymentIntentId: string | null
  customerEmail: string | null
}

/** A refund of a charge, as listed by the provider. */
export type ProviderRefund = z.output<typeof providerRefundSchema>

/** The provider events the engine acts on, normalised by the adapter (Stripe's event names). */
export type PaymentEvent = z.output<typeof handlePaymentEventParametersSchema>
