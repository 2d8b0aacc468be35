import { z } from 'zod'
import { brandIdSchema } from '../schemas/brand-id'
import { emailSchema } from '../schemas/email'
import { wireFormats } from '../schemas/wire-formats'

/** create-checkout amount bounds, USD cents: $0.50 (Stripe's minimum charge) to $10,000. */
export const MIN_CHECKOUT_CENTS = 50
export const MAX_CHECKOUT_CENTS = 1_000_000

/** Currencies create-checkout sells in: the rate is fixed in USD (1 USD = 1000 tokens). */
export const CHECKOUT_CURRENCIES = ['usd'] as const

function required(field: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`),
  })
}

const redirectUrl = (field: string) =>
  required(field)
    .max(2048, { error: 'must be at most 2048 characters' })
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
      error: 'must be an http or https URL',
    })

/**
 * Body of `POST /loyalty-api/create-checkout` (`amount` in USD cents): what `createCheckout` parses.
 * Unknown keys are stripped; the operation removes control characters first. `userEmail` comes out
 * normalised, `currency` lowercase.
 */
export const createCheckoutParametersSchema = z.object({
  /** The brand id: a lowercase 0x address. */
  brandId: required('brandId').pipe(brandIdSchema),
  /** The price in USD cents, 50 to 1,000,000 (1 USD = 1000 tokens). */
  amount: z
    .number({
      error: (issue) => (issue.input === undefined ? 'amount is required' : 'amount must be a number (USD cents)'),
    })
    .int({ error: 'must be a whole number of cents' })
    .min(MIN_CHECKOUT_CENTS, { error: `must be at least ${MIN_CHECKOUT_CENTS} cents` })
    .max(MAX_CHECKOUT_CENTS, { error: `must be at most ${MAX_CHECKOUT_CENTS} cents` }),
  /** `usd` (the default): points are priced in USD. */
  currency: z
    .string({ error: 'currency must be a string' })
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(CHECKOUT_CURRENCIES, { error: 'must be usd (points are priced in USD: 1 USD = 1000 tokens)' }))
    .default('usd'),
  /** The buyer; the tokens go to this email's wallet. */
  userEmail: required('userEmail').pipe(emailSchema),
  /** Where the payment page sends the buyer after paying (`{CHECKOUT_SESSION_ID}` is filled in). */
  successUrl: redirectUrl('successUrl'),
  /** Where the payment page sends the buyer after cancelling. */
  cancelUrl: redirectUrl('cancelUrl'),
})

export type CreateCheckoutParameters = z.input<typeof createCheckoutParametersSchema>

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
