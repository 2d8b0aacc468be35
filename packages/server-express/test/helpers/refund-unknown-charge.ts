import { randomBytes } from 'node:crypto'
import type { TestServer } from './start-test-server'

const rand = () => randomBytes(5).toString('hex')

/**
 * A `charge.refunded` event, as the payment provider's webhook delivers it, for a charge this server
 * never sold points for: its refund clawback is recorded `awaiting_payment` (and waits for good).
 * Answers the engine's outcome (`refunds: 1 awaiting the payment`).
 */
export async function refundUnknownCharge(s: TestServer, amountCents = 500): Promise<string> {
  const provider = s.payments?.provider
  if (!provider) throw new Error('the test server has no payment provider')
  const { outcome } = await s.runtime.engine.payments.handleEvent(
    {
      id: `evt_${rand()}`,
      type: 'charge.refunded',
      chargeId: `ch_${rand()}`,
      paymentIntentId: `pi_unknown_${rand()}`,
      amountCents,
      amountRefundedCents: amountCents,
      currency: 'usd',
      refunds: [{ id: `re_${rand()}`, amountCents, status: 'succeeded', createdAt: Date.now() }],
    },
    { provider },
  )
  return outcome
}
