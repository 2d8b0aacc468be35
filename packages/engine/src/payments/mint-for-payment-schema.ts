import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'

/** Body of `POST /loyalty-api/payment-mint`: what `mintForPayment` parses. */
export const mintForPaymentParametersSchema = z.object({
  /** The paid checkout session (create-checkout's `sessionId`). */
  sessionId: z
    .string({
      error: (issue) => (issue.input === undefined ? 'sessionId is required' : 'sessionId must be a string'),
    })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,190}$/, { error: 'must be a checkout session id (letters, digits, _ and -)' }),
})

export type MintForPaymentParameters = z.input<typeof mintForPaymentParametersSchema>

/**
 * 200 body of `POST /loyalty-api/payment-mint`, for a first mint and (with `alreadyProcessed: true`,
 * same data) for every repeat: minting a session is idempotent.
 */
export const mintForPaymentResponseSchema = z.object({
  success: z.literal(true),
  /** Human readable; says so when the payment was already processed. */
  message: z.string(),
  /** The mint's transaction hash; null while `status` is `pending`. */
  txHash: wireFormats.transactionHash.nullable(),
  /** `<explorer>/tx/<txHash>` when a block explorer is configured, else null. */
  blockExplorer: z.string().nullable(),
  walletAddress: wireFormats.address,
  usdAmount: z.number(),
  tokenAmount: wireFormats.count,
  paymentIntentId: z.string().nullable(),
  sessionId: z.string(),
  /** `confirmed`: minted on chain; `pending`: the mint is still in flight (call again for the hash). */
  status: z.enum(['confirmed', 'pending']),
  /** True when an earlier call (or the payment webhook) already minted this session. */
  alreadyProcessed: z.boolean(),
})
