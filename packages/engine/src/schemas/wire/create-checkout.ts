import { z } from 'zod'
import { createCheckoutSchema } from '../../payments/create-checkout-schema'
import { wireFormats } from './wire-formats'

/** Body of `POST /loyalty-api/create-checkout` (`amount` in USD cents); the server parses it with this schema. */
export const createCheckoutRequestSchema = createCheckoutSchema

/** 200 body of `POST /loyalty-api/create-checkout`. */
export const createCheckoutResponseSchema = z.object({
  success: z.literal(true),
  /** The payment page to send the payer to (absolute URL). */
  checkoutUrl: z.url(),
  /** The checkout session; payment-mint takes it once the session is paid. */
  sessionId: z.string(),
  /** The buyer's custodial wallet that the tokens are minted to. */
  walletAddress: wireFormats.address,
  /** Tokens the session mints once paid (1 USD = 1000 tokens). */
  tokenAmount: wireFormats.count,
  /** The price in USD (amount / 100). */
  usdAmount: z.number(),
})
