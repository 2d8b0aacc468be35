import * as s from '@loyaltykit/engine/schemas'
import type { ApiOperation } from './api-operation'

const payments = { tag: 'Payments', errors: 'event_handler' } as const

/** Payments (docs/payments.md): served when a payment provider is configured. */
export const PAYMENT_OPERATIONS: readonly ApiOperation[] = [
  {
    ...payments,
    method: 'post',
    path: '/loyalty-api/create-checkout',
    summary: 'Open a checkout session for a points purchase',
    auth: [],
    body: s.createCheckoutParametersSchema,
    response: s.createCheckoutResponseSchema,
  },
  {
    ...payments,
    method: 'post',
    path: '/loyalty-api/payment-mint',
    summary: 'Mint the points of a paid session',
    auth: [],
    body: s.mintForPaymentParametersSchema,
    response: s.mintForPaymentResponseSchema,
  },
  {
    ...payments,
    method: 'post',
    path: '/loyalty-api/stripe-webhook',
    summary: 'Stripe webhook (Stripe-Signature verified)',
    auth: [],
    response: s.handlePaymentEventResponseSchema,
  },
  {
    ...payments,
    tag: 'Proofs',
    method: 'get',
    path: '/loyalty-api/payments/:sessionId',
    summary: "A payment's proof",
    auth: ['brandApiKey'],
    authOptional: true,
    response: s.getPaymentProofResponseSchema,
  },
  {
    ...payments,
    method: 'get',
    path: '/loyalty-api/dev-checkout/:sessionId',
    summary: 'The local checkout page (development provider)',
    auth: [],
    content: 'text/html',
  },
  {
    ...payments,
    method: 'post',
    path: '/loyalty-api/dev-checkout/:sessionId/pay',
    summary: 'Pay a local checkout',
    auth: [],
    content: 'text/html',
  },
  {
    ...payments,
    method: 'post',
    path: '/loyalty-api/dev-checkout/:sessionId/cancel',
    summary: 'Cancel a local checkout',
    auth: [],
    content: 'text/html',
  },
]
