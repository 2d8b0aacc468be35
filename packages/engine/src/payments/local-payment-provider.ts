import { randomBytes } from 'node:crypto'
import type { PaymentProvider } from '../ports/payment-provider'
import type { Stores } from '../ports/storage'

export const LOCAL_PAYMENT_PROVIDER = 'local'

export type LocalPaymentProviderOptions = {
  /** Where sessions live: `payments.insertCheckoutSession` (written by createCheckout) is read back. */
  stores: Pick<Stores, 'payments'>
  /**
   * The payer's page of a session. Default `/loyalty-api/dev-checkout/<id>`, a path on this server
   * (the HTTP layer answers it absolute, on the request's origin).
   */
  checkoutUrl?: (sessionId: string) => string
}

/**
 * The embedded payment provider: no account, no network. A session is a row of `checkout_sessions`
 * (recorded by createCheckout); the server's dev-checkout page (`/loyalty-api/dev-checkout/:id`)
 * has Pay and Cancel buttons, and Pay marks it paid (`completeLocalCheckout`). It sends no webhooks.
 * Only for development and tests: whoever opens the page can pay without paying.
 */
export function createLocalPaymentProvider(options: LocalPaymentProviderOptions): PaymentProvider {
  const url = options.checkoutUrl ?? ((id: string) => `/loyalty-api/dev-checkout/${id}`)
  return {
    name: LOCAL_PAYMENT_PROVIDER,

    async createCheckoutSession(p) {
      const id = `cs_local_${randomBytes(24).toString('hex')}`
      return {
        id,
        url: url(id),
        paymentStatus: 'unpaid',
        status: 'open',
        amountTotalCents: p.amountCents,
        currency: p.currency,
        metadata: { ...p.metadata },
        paymentIntentId: null,
        customerEmail: p.customerEmail,
      }
    },

    async retrieveCheckoutSession(sessionId) {
      const s = await options.stores.payments.getCheckoutSession(sessionId)
      if (!s || s.provider !== LOCAL_PAYMENT_PROVIDER) return undefined
      const paid = s.status === 'paid'
      return {
        id: s.id,
        url: paid ? null : s.checkoutUrl,
        paymentStatus: paid ? 'paid' : 'unpaid',
        status: paid ? 'complete' : 'open',
        amountTotalCents: s.amountCents,
        currency: s.currency,
        metadata: s.metadata,
        paymentIntentId: s.paymentIntentId,
        customerEmail: s.userEmail,
      }
    },
  }
}
