import type { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { maskEmail } from '../text/mask-email'
import {
  type GetPaymentProofParameters,
  getPaymentProofParametersSchema,
  type getPaymentProofResponseSchema,
} from './get-payment-proof-schema'
import { mintJobFacts } from './mint-job-facts'
import { revealsPersonalData } from './proof-access'
import { ProofNotFoundError } from './proof-errors'
import { proofFacts } from './proof-facts'

export type GetPaymentProofOptions = {
  /** The API key the caller presented (`Authorization: Bearer`): a key of the payment's brand unmasks personal data. */
  apiKey?: string | undefined
}

export type GetPaymentProofReturnType = z.output<typeof getPaymentProofResponseSchema>

/**
 * The proof of one purchase of points (docs/ledger.md#proof-of-issuance): the payment and where its
 * tokens are on chain, from its `purchase` ledger entry. Public; the buyer's email is masked and the
 * payment intent left out unless `options.apiKey` is a key of the payment's brand (401/403 for
 * another key). 404 PAYMENT_NOT_FOUND for a session that is unknown or was never minted (not paid yet).
 */
export async function getPaymentProof(
  ctx: EngineContext,
  params: GetPaymentProofParameters,
  options: GetPaymentProofOptions = {},
): Promise<GetPaymentProofReturnType> {
  const { sessionId } = parseInput(getPaymentProofParametersSchema, params, 'Invalid session id')
  const payment = await ctx.storage.payments.getPayment(sessionId)
  if (!payment) throw new ProofNotFoundError('payment', sessionId)
  const unmasked = await revealsPersonalData(ctx, options.apiKey, payment.brandId)
  const [entry] = await ctx.storage.ledger.listBySource({ sourceType: 'checkout_session', sourceId: sessionId })
  const email = payment.userEmail
  return {
    payment: {
      sessionId: payment.sessionId,
      brandId: payment.brandId,
      provider: payment.provider,
      usdAmount: Number(payment.usdAmount),
      tokenAmount: Number(payment.tokenAmount),
      userEmail: email === null ? null : unmasked ? email : maskEmail(email),
      paymentIntentId: unmasked ? payment.paymentIntentId : null,
      createdAt: new Date(payment.createdAt).toISOString(),
    },
    ...proofFacts(
      ctx.chain,
      entry ??
        (await mintJobFacts(ctx, {
          mintJobId: payment.mintJobId,
          walletAddress: payment.walletAddress,
          amount: Number(payment.tokenAmount),
          decidedAt: payment.createdAt,
        })),
      !unmasked,
    ),
  }
}
