import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'
import { proofFactsSchema } from './proof-facts-schema'

/** `GET /loyalty-api/payments/:sessionId`: the checkout session's id. What is no minted session here is 404. */
export const getPaymentProofParametersSchema = z.object({
  sessionId: z.string().trim().min(1, 'sessionId is required').max(200),
})

export type GetPaymentProofParameters = z.input<typeof getPaymentProofParametersSchema>

/** 200 body of `GET /loyalty-api/payments/:sessionId`: the proof of one purchase of points. */
export const getPaymentProofResponseSchema = proofFactsSchema.extend({
  payment: z.object({
    sessionId: z.string(),
    /** The brand that sold the points; null for a session this server did not create. */
    brandId: wireFormats.address.nullable(),
    /** `local` or `stripe`. */
    provider: z.string(),
    /** What the buyer paid, in US dollars. */
    usdAmount: z.number(),
    /** Whole tokens bought (1 USD = 1000 tokens). */
    tokenAmount: wireFormats.count,
    /** The buyer's email, masked (`a***@example.com`) unless the request carries the brand's API key; null when unknown. */
    userEmail: z.string().nullable(),
    /** The provider's payment intent; null when masked (it leads to the buyer's payment details at the provider). */
    paymentIntentId: z.string().nullable(),
    /** When the payment was accepted and its mint decided. */
    createdAt: wireFormats.isoTimestamp,
  }),
})
