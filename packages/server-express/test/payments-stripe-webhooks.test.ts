import { describe, expect, it } from 'vitest'
import { eventObject } from './helpers/stripe-api-mock'
import { rand, useStripePaymentsWorld, WEI } from './helpers/stripe-payments-world'
import { testDialects } from './helpers/test-databases'

describe.each(testDialects)('Stripe webhooks (msw at the API boundary) on $dialect', ({ create }) => {
  const w = useStripePaymentsWorld(create)
  const { post, deliver, balanceOf, checkout, minted } = w

  it('refuses webhooks whose signature is missing, wrong or stale (400)', async () => {
    const { sessionId } = await checkout(500)
    w.stripe.pay(sessionId)
    const event = eventObject('checkout.session.completed', w.stripe.sessions.get(sessionId))
    for (const res of [
      await deliver(event, { header: null }),
      await deliver(event, { secret: 'whsec_not_the_right_secret' }),
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await deliver(event, { header: 't=1,v1=deadbeef' }),
    ]) {
      expect(res.status).toBe(400)
      expect((await res.json()).code).toBe('INVALID_WEBHOOK_SIGNATURE')
    }
    expect(await minted(sessionId)).toBeUndefined()
  })

  it('checkout.session.completed mints once; redeliveries and payment-mint find it processed', async () => {
    const { sessionId, walletAddress } = await checkout(2000)
    w.stripe.pay(sessionId)
    const event = eventObject('checkout.session.completed', w.stripe.sessions.get(sessionId))
    const [first, viaApi] = await Promise.all([deliver(event), post('/loyalty-api/payment-mint', { sessionId })])
    expect(first.status).toBe(200)
    expect(viaApi.status).toBe(200)
    const minting = await first.json()
    expect(minting).toMatchObject({ received: true, eventId: event.id, duplicate: false })
    expect(['minted', 'already_processed']).toContain(minting.outcome)
    const mint = await minted(sessionId)
    expect(mint?.status).toBe('confirmed')
    expect((await viaApi.json()).txHash).toBe(mint?.txHash)

    const again = await deliver(event)
    expect(await again.json()).toMatchObject({ received: true, duplicate: true })
    expect(await balanceOf(walletAddress)).toBe(20_000n * WEI)
  })

  it('an async payment is minted on async_payment_succeeded, not on the unpaid completion', async () => {
    const { sessionId, walletAddress } = await checkout(300)
    w.stripe.pay(sessionId, 'unpaid')
    const completed = await deliver(eventObject('checkout.session.completed', { ...w.stripe.sessions.get(sessionId) }))
    expect(await completed.json()).toMatchObject({ outcome: 'ignored: payment unpaid' })
    expect(await minted(sessionId)).toBeUndefined()

    w.stripe.pay(sessionId, 'paid')
    const succeeded = await deliver(
      eventObject('checkout.session.async_payment_succeeded', { ...w.stripe.sessions.get(sessionId) }),
    )
    expect(await succeeded.json()).toMatchObject({ outcome: 'minted' })
    expect((await minted(sessionId))?.status).toBe('confirmed')
    expect(await balanceOf(walletAddress)).toBe(3_000n * WEI)
  })

  it('records payment_intent.succeeded, acknowledges other events, and takes events over 10 KB', async () => {
    const pi = {
      id: `pi_${rand()}`,
      object: 'payment_intent',
      amount: 2000,
      amount_received: 2000,
      currency: 'usd',
      status: 'succeeded',
      metadata: {},
      description: 'x'.repeat(12_000),
    }
    const res = await deliver(eventObject('payment_intent.succeeded', pi))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ duplicate: false, outcome: 'recorded' })
    const huge = await deliver(eventObject('payment_intent.succeeded', { ...pi, description: 'x'.repeat(1_100_000) }))
    expect(huge.status).toBe(413)
    expect(await huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { limitBytes: 1_048_576 } })
    const other = await deliver(eventObject('customer.created', { id: `cus_${rand()}`, object: 'customer' }))
    expect(await other.json()).toMatchObject({ outcome: 'ignored' })
    const foreign = { ...eventObject('checkout.session.completed', {}) }
    const session = await checkout(100)
    w.stripe.pay(session.sessionId)
    const stored = w.stripe.sessions.get(session.sessionId)!
    stored.metadata = {}
    foreign.data = { object: stored }
    expect(await (await deliver(foreign)).json()).toMatchObject({ outcome: 'ignored: not a loyaltykit session' })
  })
})
