import { randomBytes } from 'node:crypto'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import type { Browser } from 'playwright-core'
import { type Address, getContract } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './helpers/chromium'
import { type ShopSite, startShopSite } from './helpers/shop-site'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const WEI = 10n ** 18n
const rand = () => randomBytes(6).toString('hex')

describe.each(testDialects)('payments over HTTP on $dialect (local provider, EDR chain)', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let shop: ShopSite
  let browser: Browser
  let brandId: string

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${s.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const checkoutBody = (over: Record<string, unknown> = {}) => ({
    brandId,
    amount: 2500,
    userEmail: `buyer.${rand()}@example.com`,
    successUrl: `${shop.origin}/thanks?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${shop.origin}/cart`,
    ...over,
  })
  const balanceOf = (address: string) => {
    const chain = s.runtime.chain!
    const token = getContract({ address: chain.contracts.pointsToken, abi: pointsTokenAbi, client: chain.publicClient })
    return token.read.balanceOf([address as Address])
  }

  beforeAll(async () => {
    db = await create()
    ;[s, shop, browser] = await Promise.all([
      // 100 concurrent calls from one address: exactly once is tested here, the payments' per-IP limit
      // (on by default) in ip-rate-limits-http.test.ts.
      startTestServer(db, { LOYALTYKIT_MINT_WAIT_MS: '20000', LOYALTYKIT_PAYMENTS_IP_PER_MINUTE: '0' }),
      startShopSite(),
      launchChromium(),
    ])
    brandId = (await s.runtime.engine.brands.create({ name: 'Shop', websites: [shop.origin] })).brand.id
  })
  afterAll(async () => {
    await browser?.close()
    await shop?.close()
    await s?.close()
    await db?.drop()
  })

  it('create-checkout answers the spec fields with a dev-checkout page on this server', async () => {
    const res = await post('/loyalty-api/create-checkout', checkoutBody({ timestamp: Date.now() }))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ success: true, tokenAmount: 25_000, usdAmount: 25 })
    expect(body.sessionId).toMatch(/^cs_local_[0-9a-f]{48}$/)
    expect(body.checkoutUrl).toBe(`${s.base}/loyalty-api/dev-checkout/${body.sessionId}`)
    expect(body.walletAddress).toMatch(/^0x[0-9a-f]{40}$/)
    const page = await fetch(body.checkoutUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${shop.origin}`)
    expect(await page.text()).toContain('$25.00 USD')
  })

  it('create-checkout refuses bad input with per-field details, and unknown brands', async () => {
    const bad = await post('/loyalty-api/create-checkout', {
      brandId: 'x',
      amount: 10,
      currency: 'eur',
      userEmail: 'nope',
      successUrl: 'javascript:alert(1)',
    })
    expect(bad.status).toBe(400)
    const body = await bad.json()
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' })
    expect(body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'amount',
      'brandId',
      'cancelUrl',
      'currency',
      'successUrl',
      'userEmail',
    ])
    expect((await post('/loyalty-api/create-checkout', checkoutBody({ amount: 1_000_001 }))).status).toBe(400)
    const unknown = await post('/loyalty-api/create-checkout', checkoutBody({ brandId: `0x${'9'.repeat(40)}` }))
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).code).toBe('BRAND_NOT_FOUND')
  })

  it('a retried create-checkout with the same Idempotency-Key answers the same session', async () => {
    const body = checkoutBody()
    const key = `idem-${rand()}`
    const first = await (await post('/loyalty-api/create-checkout', body, { 'idempotency-key': key })).json()
    const again = await (await post('/loyalty-api/create-checkout', body, { 'idempotency-key': key })).json()
    expect(again.sessionId).toBe(first.sessionId)
    const other = await post('/loyalty-api/create-checkout', { ...body, amount: 999 }, { 'idempotency-key': key })
    expect(other.status).toBe(409)
    expect((await other.json()).code).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  it('payment-mint: 400 without a session id, 404 unknown session, 409 unpaid with the spec message', async () => {
    const missing = await post('/loyalty-api/payment-mint', {})
    expect(missing.status).toBe(400)
    expect((await missing.json()).details[0].field).toBe('sessionId')

    const unknown = await post('/loyalty-api/payment-mint', { sessionId: 'cs_local_unknown' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({
      success: false,
      message: 'Session not found',
      code: 'PAYMENT_SESSION_NOT_FOUND',
    })

    const { sessionId } = await (await post('/loyalty-api/create-checkout', checkoutBody())).json()
    const unpaid = await post('/loyalty-api/payment-mint', { sessionId })
    expect(unpaid.status).toBe(409)
    expect(await unpaid.json()).toMatchObject({
      success: false,
      error: 'Payment not completed: unpaid',
      message: 'Payment not completed: unpaid',
      code: 'PAYMENT_NOT_COMPLETED',
      details: { sessionId, paymentStatus: 'unpaid' },
    })
  })

  it('payment-mint answers 400 naming the cause when a paid session cannot be minted', async () => {
    const wallet = `0x${randomBytes(20).toString('hex')}`
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ wallet: '0x123', usd_amount: '1.00', token_amount: '1000' }, 'INVALID_WALLET_ADDRESS', 'Invalid wallet'],
      [{ wallet, usd_amount: 'ten', token_amount: '1000' }, 'INVALID_AMOUNT', 'Invalid amount'],
      [{ wallet, usd_amount: '1.00', token_amount: '1001' }, 'AMOUNT_MISMATCH', 'Amount mismatch'],
    ]
    for (const [metadata, code, message] of cases) {
      const id = `cs_local_${rand()}`
      const now = Date.now()
      await s.runtime.storage.payments.insertCheckoutSession({
        id,
        provider: 'local',
        brandId,
        userEmail: 'x@example.com',
        walletAddress: wallet,
        amountCents: 100,
        currency: 'usd',
        tokenAmount: '1000',
        checkoutUrl: `/loyalty-api/dev-checkout/${id}`,
        successUrl: `${shop.origin}/thanks`,
        cancelUrl: `${shop.origin}/cart`,
        metadata,
        status: 'paid',
        paymentIntentId: `pi_local_${rand()}`,
        idempotencyKey: null,
        createdAt: now,
        updatedAt: now,
        paidAt: now,
      })
      const res = await post('/loyalty-api/payment-mint', { sessionId: id })
      expect(res.status).toBe(400)
      const body = await res.json()
      expect(body).toMatchObject({ success: false, code })
      expect(body.message).toContain(message)
    }
  })

  it('100 concurrent payment-mint calls for one paid session: one mint, the same txHash in every answer', async () => {
    const created = await (await post('/loyalty-api/create-checkout', checkoutBody({ amount: 4321 }))).json()
    await s.runtime.storage.payments.markCheckoutSessionPaid({
      id: created.sessionId,
      paymentIntentId: `pi_local_${rand()}`,
      now: Date.now(),
    })
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => post('/loyalty-api/payment-mint', { sessionId: created.sessionId })),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(100).fill(200))
    const bodies = await Promise.all(responses.map((r) => r.json()))
    expect(new Set(bodies.map((b) => b.txHash)).size).toBe(1)
    expect(bodies[0].txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(bodies.filter((b) => b.alreadyProcessed === true)).toHaveLength(99)
    const fresh = bodies.find((b) => b.alreadyProcessed === false)
    expect(fresh).toMatchObject({
      success: true,
      walletAddress: created.walletAddress,
      usdAmount: 43.21,
      tokenAmount: 43_210,
      blockExplorer: null,
      status: 'confirmed',
    })
    expect(fresh.paymentIntentId).toMatch(/^pi_local_/)
    expect(bodies.find((b) => b.alreadyProcessed).message).toMatch(/already processed/)
    expect(await balanceOf(created.walletAddress)).toBe(43_210n * WEI)
  })

  it('in Chromium, Pay mints on chain and lands on successUrl; a second Pay mints nothing more', async () => {
    const created = await (await post('/loyalty-api/create-checkout', checkoutBody({ amount: 1999 }))).json()
    expect(await balanceOf(created.walletAddress)).toBe(0n)
    const page = await browser.newPage()
    try {
      await page.goto(created.checkoutUrl)
      expect(await page.textContent('[data-testid=total]')).toBe('$19.99 USD')
      expect(await page.textContent('[data-testid=wallet]')).toBe(created.walletAddress)
      await Promise.all([page.waitForURL(`${shop.origin}/thanks**`), page.click('#pay')])
      expect(page.url()).toBe(`${shop.origin}/thanks?session=${created.sessionId}`)
      expect(await page.textContent('#page')).toBe('/thanks')
      expect(await balanceOf(created.walletAddress)).toBe(19_990n * WEI)

      await page.goBack()
      await Promise.all([page.waitForURL(`${shop.origin}/thanks**`), page.click('#pay')])
      expect(await balanceOf(created.walletAddress)).toBe(19_990n * WEI)
    } finally {
      await page.close()
    }
    const repeat = await (await post('/loyalty-api/payment-mint', { sessionId: created.sessionId })).json()
    expect(repeat).toMatchObject({ success: true, alreadyProcessed: true, tokenAmount: 19_990 })
  })

  it('in Chromium, Cancel lands on cancelUrl and mints nothing', async () => {
    const created = await (await post('/loyalty-api/create-checkout', checkoutBody({ amount: 500 }))).json()
    const page = await browser.newPage()
    try {
      await page.goto(created.checkoutUrl)
      await Promise.all([page.waitForURL(`${shop.origin}/cart`), page.click('#cancel')])
      expect(await page.textContent('#page')).toBe('/cart')
    } finally {
      await page.close()
    }
    expect(await balanceOf(created.walletAddress)).toBe(0n)
    const unpaid = await post('/loyalty-api/payment-mint', { sessionId: created.sessionId })
    expect(unpaid.status).toBe(409)
  })

  it('has no Stripe webhook without Stripe, and no dev-checkout page for unknown sessions', async () => {
    const res = await fetch(`${s.base}/loyalty-api/stripe-webhook`, { method: 'POST', body: '{}' })
    expect(res.status).toBe(404)
    expect((await res.json()).code).toBe('STRIPE_NOT_CONFIGURED')
    expect((await fetch(`${s.base}/loyalty-api/dev-checkout/cs_local_nope`)).status).toBe(404)
  })
})
