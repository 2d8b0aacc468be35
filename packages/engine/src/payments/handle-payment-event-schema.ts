import { z } from 'zod'

/** A refund of a charge, as listed by the provider. */
export const providerRefundSchema = z.object({
  id: z.string(),
  /** Integer minor units (cents). */
  amountCents: z.number(),
  status: z.enum(['succeeded', 'pending', 'requires_action', 'failed', 'canceled']),
  /** Epoch milliseconds (orders the refunds of one charge). */
  createdAt: z.number(),
})

/**
 * The provider events the engine acts on, normalised by the adapter (Stripe's event names): what
 * `handlePaymentEvent` takes, from `PaymentProvider.parseWebhook` (the port's `PaymentEvent`).
 */
export const handlePaymentEventParametersSchema = z.discriminatedUnion('type', [
  z.object({
    /** The provider's event id (`evt_…`): a redelivered event carries the same id. */
    id: z.string(),
    type: z.enum(['checkout.session.completed', 'checkout.session.async_payment_succeeded']),
    sessionId: z.string(),
  }),
  z.object({
    id: z.string(),
    type: z.literal('payment_intent.succeeded'),
    paymentIntentId: z.string(),
    amountCents: z.number(),
    currency: z.string(),
  }),
  z.object({
    id: z.string(),
    type: z.literal('charge.refunded'),
    chargeId: z.string(),
    paymentIntentId: z.string().nullable(),
    /** The charge's amount, minor units. */
    amountCents: z.number(),
    /** Cumulative refunded amount of the charge, minor units. */
    amountRefundedCents: z.number(),
    currency: z.string(),
    /** Every refund of the charge so far. */
    refunds: z.array(providerRefundSchema),
  }),
  z.object({
    id: z.string(),
    /** Any event the engine does not act on (acknowledged and recorded). */
    type: z.literal('other'),
    providerType: z.string(),
  }),
])

export type HandlePaymentEventParameters = z.input<typeof handlePaymentEventParametersSchema>

/** 200 body of `POST /loyalty-api/stripe-webhook`: the event was verified and handled (or seen before). */
export const handlePaymentEventResponseSchema = z.object({
  received: z.literal(true),
  /** The provider's event id. */
  eventId: z.string(),
  /** True when this event id was processed before: nothing was done again. */
  duplicate: z.boolean(),
  /** What was done: `minted`, `already_processed`, `ignored: …`, `refunds: 1`, … */
  outcome: z.string(),
})
