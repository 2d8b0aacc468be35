import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import { paymentMintRetryPolicy } from '../retries/payment-mint-retry-policy'
import type {
  CreateCheckoutParams,
  CreateCheckoutResponse,
  PaymentMintParams,
  PaymentMintResponse,
  PaymentProof,
} from '../types/wire'

export type PaymentsResource = {
  /**
   * POST /loyalty-api/create-checkout: a checkout session selling `amount` USD cents of points
   * (1 USD = 1000 tokens) to `userEmail`'s wallet. Send the buyer to `checkoutUrl`. The call's
   * `Idempotency-Key` makes a retry answer the same session.
   */
  createCheckout(params: CreateCheckoutParams, options?: RequestOptions): Promise<CreateCheckoutResponse>
  /**
   * POST /loyalty-api/payment-mint: mints what a paid session bought, exactly once per session (a repeat
   * answers `alreadyProcessed: true` with the same data). Retried per the spec's schedule (waits of 2 s,
   * 4 s, 8 s) unless the call or the client's hook chooses another policy.
   */
  mint(params: PaymentMintParams, options?: RequestOptions): Promise<PaymentMintResponse>
  /**
   * GET /loyalty-api/payments/:sessionId: the paid session's proof of issuance (the payment and its
   * mint on chain). Public; the buyer's email and the payment intent are masked unless the client has
   * the brand's `apiKey`. 404 (`NotFoundError`) until the session is paid.
   */
  retrieve(sessionId: string, options?: RequestOptions): Promise<PaymentProof>
}

export function paymentsResource(ctx: ClientContext): PaymentsResource {
  return {
    createCheckout: (params, options) =>
      sendRequest(
        ctx,
        { name: 'payments.createCheckout', method: 'POST', path: '/loyalty-api/create-checkout', body: params },
        options,
      ),
    mint: (params, options) =>
      sendRequest(
        ctx,
        {
          name: 'payments.mint',
          method: 'POST',
          path: '/loyalty-api/payment-mint',
          body: { sessionId: params.sessionId },
          retryPolicy: paymentMintRetryPolicy,
        },
        options,
      ),
    retrieve: (sessionId, options) =>
      sendRequest(
        ctx,
        {
          name: 'payments.retrieve',
          method: 'GET',
          path: `/loyalty-api/payments/${encodeURIComponent(sessionId)}`,
          auth: 'optionalApiKey',
        },
        options,
      ),
  }
}
