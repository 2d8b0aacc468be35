import { randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import Stripe from 'stripe'
import { type Address, getContract } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../src/cli/run-cli'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import {
  chargeObject,
  eventObject,
  refundObject,
  type StripeApiMock,
  startStripeApiMock,
} from './helpers/stripe-api-mock'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const WEI = 10n ** 18n
const SECRET_KEY = `sk_test_${randomBytes(16).toString('hex')}`
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64').replace(/[+/=]/g, 'x')}`
const rand = () => randomBytes(6).toString('hex')
/** Only for its documented test-header helper (signatures as Stripe makes them). */
const signer = new Stripe('sk_test_signer_only')

describe.each(testDialects)('payments with Stripe (msw at the API boundary) on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let stripe: StripeApiMock
  let brandId: string

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${s.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const deliver = (event: unknown, options: { secret?: string; timestamp?: number; header?: string | null } = {}) => {
    const payload = JSON.stringify(event)
    const header =
      options.header === undefined
        ? signer.webhooks.generateTestHeaderString({
            payload,
            secret: options.secret ?? WEBHOOK_SECRET,
            ...(options.timestamp ? { timestamp: options.timestamp } : {}),
          })
        : options.header
    return fetch(`${s.base}/loyalty-api/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'stripe-signature': header }) },
      body: payload,
    })
  }
  const balanceOf = (address: string) => {
    const chain = s.runtime.chain!
    const token = getContract({ address: chain.contracts.pointsToken, abi: pointsTokenAbi, client: chain.publicClient })
    return token.read.balanceOf([address as Address])
  }
  const checkout = async (amount: number) => {
    const res = await post('/loyalty-api/create-checkout', {
      brandId,
      amount,
      userEmail: `payer.${rand()}@example.com`,
      successUrl: 'https://shop.example.com/thanks?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://shop.example.com/cart',
    })
    expect(res.status).toBe(200)
    return res.json() as Promise<{ sessionId: string; checkoutUrl: string; walletAddress: string }>
  }
  const minted = async (sessionId: string) => {
    const job = await s.runtime.engine.mint.get({ idempotencyKey: `payment:${sessionId}` })
    if (!job) return undefined
    return s.runtime.engine.mint.wait({ jobId: job.jobId }, { timeoutMs: 20_000 })
  }

  beforeAll(async () => {
    stripe = startStripeApiMock()
    db = await create()
    s = await startTestServer(db, { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })
    brandId = (await s.runtime.engine.brands.create({ name: 'Shop', websites: ['https://shop.example.com'] })).brand.id
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
    stripe?.close()
  })

  it('create-checkout opens a Stripe Checkout Session carrying the mint metadata', async () => {
    const key = `idem-${rand()}`
    const before = stripe.requests.length
    const res = await post(
      '/loyalty-api/create-checkout',
      {
        brandId,
        amount: 2550,
        userEmail: 'Jenny.Rosen@Example.com',
        successUrl: 'https://shop.example.com/thanks?session={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://shop.example.com/cart',
      },
      { 'idempotency-key': key },
    )
    expect(res.status).toBe(200)
    const body = await res.json()
    const sent = stripe.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')!
    expect(sent.method).toBe('POST')
    expect(sent.headers.get('authorization')).toBe(`Bearer ${SECRET_KEY}`)
    expect(sent.headers.get('idempotency-key')).toBe(`create-checkout:${brandId}:${key}`)
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
      'metadata[brand_id]': brandId,
      'metadata[email]': 'jenny.rosen@example.com',
      'payment_intent_data[metadata][token_amount]': '25500',
    })
    expect(body.sessionId).toMatch(/^cs_test_/)
    expect(body.checkoutUrl).toBe(stripe.sessions.get(body.sessionId)?.url)
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

    const { paymentIntentId } = stripe.pay(sessionId)
    stripe.failNext(1)
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

  it('refuses webhooks whose signature is missing, wrong or stale (400)', async () => {
    const { sessionId } = await checkout(500)
    stripe.pay(sessionId)
    const event = eventObject('checkout.session.completed', stripe.sessions.get(sessionId))
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
    stripe.pay(sessionId)
    const event = eventObject('checkout.session.completed', stripe.sessions.get(sessionId))
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
    stripe.pay(sessionId, 'unpaid')
    const completed = await deliver(eventObject('checkout.session.completed', { ...stripe.sessions.get(sessionId) }))
    expect(await completed.json()).toMatchObject({ outcome: 'ignored: payment unpaid' })
    expect(await minted(sessionId)).toBeUndefined()

    stripe.pay(sessionId, 'paid')
    const succeeded = await deliver(
      eventObject('checkout.session.async_payment_succeeded', { ...stripe.sessions.get(sessionId) }),
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
    stripe.pay(session.sessionId)
    const stored = stripe.sessions.get(session.sessionId)!
    stored.metadata = {}
    foreign.data = { object: stored }
    expect(await (await deliver(foreign)).json()).toMatchObject({ outcome: 'ignored: not a loyaltykit session' })
  })

  it('charge.refunded claws back the refunded share, listing refunds from the API when the event has none', async () => {
    const { sessionId, walletAddress } = await checkout(2500)
    const { paymentIntentId, chargeId } = stripe.pay(sessionId)
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
    await s.payments!.clawbacks!.drain({ timeoutMs: 20_000 })
    expect(await balanceOf(walletAddress)).toBe(15_000n * WEI)

    // Current API versions send the Charge without `refunds`: the adapter lists them.
    const second = refundObject({
      charge: chargeId,
      amount: 1500,
      payment_intent: paymentIntentId,
      created: first.created + 5,
    })
    stripe.refunds.set(chargeId, [first, second])
    const full = chargeObject({
      id: chargeId,
      amount: 2500,
      amount_refunded: 2500,
      refunded: true,
      payment_intent: paymentIntentId,
    })
    const listed = await deliver(eventObject('charge.refunded', full))
    expect(await listed.json()).toMatchObject({ outcome: 'refunds: 1' })
    expect(stripe.requests.some((r) => r.path === '/v1/refunds' && r.form.get('charge') === chargeId)).toBe(true)
    await s.payments!.clawbacks!.drain({ timeoutMs: 20_000 })
    expect(await balanceOf(walletAddress)).toBe(0n)

    const ledger = await s.runtime.storage.payments.listRefundsByIntent(paymentIntentId)
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
      LOYALTYKIT_DATA_DIR: db.dataDir,
      NODE_ENV: 'test',
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    }
    const code = await runCli(['payments', 'refunds', '--brand', brandId, '--json'], {
      stdout,
      stderr: new PassThrough(),
      env,
      cwd: db.dataDir,
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
