import { describe, expect, it } from 'vitest'
import { rand, SECRET_KEY, useStripePaymentsWorld, WEI } from './helpers/stripe-payments-world'
import { testDialects } from './helpers/test-databases'

// Webhooks: payments-stripe-webhooks.test.ts; refunds: payments-stripe-refunds.test.ts.
describe.each(testDialects)('payments with Stripe (msw at the API boundary) on $dialect', ({ create }) => {
  const w = useStripePaymentsWorld(create)
  const { post, balanceOf, checkout } = w

  it('create-checkout opens a Stripe Checkout Session carrying the mint metadata', async () => {
    const key = `idem-${rand()}`
    const before = w.stripe.requests.length
    const res = await post(
      '/loyalty-api/create-checkout',
      {
        brandId: w.brandId,
        amount: 2550,
        userEmail: 'Jenny.Rosen@Example.com',
        successUrl: 'https://shop.example.com/thanks?session={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://shop.example.com/cart',
      },
      { 'idempotency-key': key },
    )
    expect(res.status).toBe(200)
    const body = await res.json()
    const sent = w.stripe.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')!
    expect(sent.method).toBe('POST')
    expect(sent.headers.get('authorization')).toBe(`Bearer ${SECRET_KEY}`)
    expect(sent.headers.get('idempotency-key')).toBe(`create-checkout:${w.brandId}:${key}`)
    const form = Object.fromEntries(sent.form)
    expect(form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2550',
      'line_items[0][price_data][product_data][name]': '25,500 loyalty points',
      success_url: 'https://shop.example.com/thanks?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.example.com/cart',
      customer_email: 'jenny.rosen@example.com',
      'metadata[wallet]': body.walletAddress,
      'metadata[usd_amount]': '25.50',
      'metadata[token_amount]': '25500',
      'metadata[brand_id]': w.brandId,
      'metadata[email]': 'jenny.rosen@example.com',
      'payment_intent_data[metadata][token_amount]': '25500',
    })
    expect(body.sessionId).toMatch(/^cs_test_/)
    expect(body.checkoutUrl).toBe(w.stripe.sessions.get(body.sessionId)?.url)
    expect(body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/)
  })

  it('payment-mint retrieves the session: 404 unknown, 409 unpaid, 502 when Stripe fails, then mints once', async () => {
    const unknown = await post('/loyalty-api/payment-mint', { sessionId: 'cs_test_doesnotexist' })
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).message).toBe('Session not found')

    const { sessionId, walletAddress } = await checkout(1000)
    const unpaid = await post('/loyalty-api/payment-mint', { sessionId })
    expect(unpaid.status).toBe(409)
    expect((await unpaid.json()).message).toBe('Payment not completed: unpaid')

    const { paymentIntentId } = w.stripe.pay(sessionId)
    w.stripe.failNext(1)
    const down = await post('/loyalty-api/payment-mint', { sessionId })
    expect(down.status).toBe(502)
    expect((await down.json()).code).toBe('PAYMENT_PROVIDER_ERROR')

    const ok = await post('/loyalty-api/payment-mint', { sessionId })
    expect(ok.status).toBe(200)
    const body = await ok.json()
    expect(body).toMatchObject({
      success: true,
      walletAddress,
      usdAmount: 10,
      tokenAmount: 10_000,
      paymentIntentId,
      status: 'confirmed',
      alreadyProcessed: false,
    })
    expect(body.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await balanceOf(walletAddress)).toBe(10_000n * WEI)
    const repeat = await (await post('/loyalty-api/payment-mint', { sessionId })).json()
    expect(repeat).toMatchObject({ alreadyProcessed: true, txHash: body.txHash, paymentIntentId })
    expect(await balanceOf(walletAddress)).toBe(10_000n * WEI)
  })
})
