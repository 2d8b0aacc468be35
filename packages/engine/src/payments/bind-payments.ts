import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { completeLocalCheckout } from './complete-local-checkout'
import { createCheckout } from './create-checkout'
import { createClawbackWorker } from './create-clawback-worker'
import { getCheckoutSession } from './get-checkout-session'
import { getClawbackSigner } from './get-clawback-signer'
import { handlePaymentEvent } from './handle-payment-event'
import { listRefundClawbacks } from './list-refund-clawbacks'
import { mintForPayment } from './mint-for-payment'

/** `engine.payments`: buying points, payment webhooks, refunds and the clawback worker. */
export function bindPayments(ctx: EngineContext) {
  return {
    createCheckout: bindOperation(ctx, createCheckout),
    mintForPayment: bindOperation(ctx, mintForPayment),
    handleEvent: bindOperation(ctx, handlePaymentEvent),
    getCheckoutSession: bindOperation(ctx, getCheckoutSession),
    completeLocalCheckout: bindOperation(ctx, completeLocalCheckout),
    listRefunds: bindOperation(ctx, listRefundClawbacks),
    getClawbackSigner: bindOperation(ctx, getClawbackSigner),
    createClawbackWorker: bindOperation(ctx, createClawbackWorker),
  }
}
