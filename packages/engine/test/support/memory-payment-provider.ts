import { randomBytes } from 'node:crypto'
import type { CheckoutSession, PaymentProvider } from '@loyaltykit/engine'

const rand = () => randomBytes(8).toString('hex')

/** A provider whose sessions the test writes directly (shapes as Stripe documents them). */
export function memoryProvider() {
  const sessions = new Map<string, CheckoutSession>()
  const provider: PaymentProvider = {
    name: 'memory',
    async createCheckoutSession() {
      throw new Error('not used')
    },
    async retrieveCheckoutSession(id) {
      const s = sessions.get(id)
      return s && { ...s, metadata: { ...s.metadata } }
    },
  }
  const session = (over: Partial<CheckoutSession> & { metadata: Record<string, string> }): CheckoutSession => {
    const s: CheckoutSession = {
      id: `cs_test_${rand()}`,
      url: null,
      paymentStatus: 'paid',
      status: 'complete',
      amountTotalCents: 1000,
      currency: 'usd',
      paymentIntentId: `pi_${rand()}`,
      customerEmail: null,
      ...over,
    }
    sessions.set(s.id, s)
    return s
  }
  return { provider, sessions, session }
}
