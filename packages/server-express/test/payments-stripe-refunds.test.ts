import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { runCli } from '../src/cli/run-cli'
import { chargeObject, eventObject, refundObject } from './helpers/stripe-api-mock'
import { useStripePaymentsWorld, WEI } from './helpers/stripe-payments-world'
import { testDialects } from './helpers/test-databases'

describe.each(testDialects)('Stripe refunds (msw at the API boundary) on $dialect', ({ create }) => {
  const w = useStripePaymentsWorld(create)
  const { post, deliver, balanceOf, checkout } = w

  it('charge.refunded claws back the refunded share, listing refunds from the API when the event has none', async () => {
    const { sessionId, walletAddress } = await checkout(2500)
    const { paymentIntentId, chargeId } = w.stripe.pay(sessionId)
    await post('/loyalty-api/payment-mint', { sessionId })
    expect(await balanceOf(walletAddress)).toBe(25_000n * WEI)

    const first = refundObject({ charge: chargeId, amount: 1000, payment_intent: paymentIntentId })
    const withList = chargeObject({
      id: chargeId,
      amount: 2500,
      amount_refunded: 1000,
      refunded: false,
      payment_intent: paymentIntentId,
      refunds: {
        object: 'list',
        data: [first],
        has_more: false,
        total_count: 1,
        url: `/v1/charges/${chargeId}/refunds`,
      },
    })
    const partial = await deliver(eventObject('charge.refunded', withList))
    expect(await partial.json()).toMatchObject({ outcome: 'refunds: 1' })
    await w.s.payments!.clawbacks!.drain({ timeoutMs: 20_000 })
    expect(await balanceOf(walletAddress)).toBe(15_000n * WEI)

    // Current API versions send the Charge without `refunds`: the adapter lists them.
    const second = refundObject({
      charge: chargeId,
      amount: 1500,
      payment_intent: paymentIntentId,
      created: first.created + 5,
    })
    w.stripe.refunds.set(chargeId, [first, second])
    const full = chargeObject({
      id: chargeId,
      amount: 2500,
      amount_refunded: 2500,
      refunded: true,
      payment_intent: paymentIntentId,
    })
    const listed = await deliver(eventObject('charge.refunded', full))
    expect(await listed.json()).toMatchObject({ outcome: 'refunds: 1' })
    expect(w.stripe.requests.some((r) => r.path === '/v1/refunds' && r.form.get('charge') === chargeId)).toBe(true)
    await w.s.payments!.clawbacks!.drain({ timeoutMs: 20_000 })
    expect(await balanceOf(walletAddress)).toBe(0n)

    const ledger = await w.s.runtime.storage.payments.listRefundsByIntent(paymentIntentId)
    expect(ledger.map((r) => [r.refundId, r.tokenAmount, r.status, r.shortfallWei])).toEqual([
      [first.id, '10000', 'confirmed', '0'],
      [second.id, '15000', 'confirmed', '0'],
    ])
    // The same refunds again, in a redelivered event: nothing more is clawed back.
    expect(await (await deliver(eventObject('charge.refunded', full))).json()).toMatchObject({ outcome: 'refunds: 0' })

    // The ledger, as `loyaltykit payments refunds` reports it.
    const stdout = new PassThrough()
    let out = ''
    stdout.on('data', (d) => {
      out += d
    })
    const env = {
      LOYALTYKIT_DATA_DIR: w.db.dataDir,
      NODE_ENV: 'test',
      ...(w.db.databaseUrl ? { DATABASE_URL: w.db.databaseUrl } : {}),
    }
    const code = await runCli(['payments', 'refunds', '--brand', w.brandId, '--json'], {
      stdout,
      stderr: new PassThrough(),
      env,
      cwd: w.db.dataDir,
    })
    expect(code).toBe(0)
    const report = (
      JSON.parse(out) as Array<{ refundId: string; sessionId: string; clawedBack: string; shortfall: string }>
    )
      .filter((r) => r.sessionId === sessionId)
      .map((r) => [r.refundId, r.clawedBack, r.shortfall])
    expect(report).toEqual([
      [second.id, '15000', '0'],
      [first.id, '10000', '0'],
    ])
  })
})
