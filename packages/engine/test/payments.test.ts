import { randomBytes } from 'node:crypto'
import type { EngineContext, Minter, PaymentEvent, PaymentProvider } from '@loyaltykit/engine'
import { beforeAll, describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { handlePaymentEvent } from '../src/payments/handle-payment-event'
import { mintForPayment } from '../src/payments/mint-for-payment'
import { findWalletByOwner } from '../src/wallets/find-wallet-by-owner'
import { setWebhookEndpoint } from '../src/webhooks/set-webhook-endpoint'
import type { MintingTestChain } from './minting-test-chain'
import { memoryProvider } from './support/memory-payment-provider'
import { failure, rand, usePaymentsWorld, WEI } from './support/payments-world'
import { testDatabases } from './support/test-databases'

// Refunds and clawbacks: payments-refunds.test.ts.
describe.each(testDatabases())('payments: checkouts and payment mints on $dialect with the EDR chain', (db) => {
  const w = usePaymentsWorld(db)
  const { t, checkout, pay } = w
  let chain: MintingTestChain
  let ctx: EngineContext
  let minter: Minter
  let local: PaymentProvider
  let brandId: string
  beforeAll(() => {
    ;({ chain, ctx, minter, local, brandId } = w)
  })

  it('create-checkout validates the body and the brand', async () => {
    const codes = async (body: Record<string, unknown>) =>
      (await failure(checkout(body))).details as Array<{ field: string }>
    const fields = (details: Array<{ field: string }>) => details.map((d) => d.field).sort()
    expect(fields(await codes({ brandId: 'nope', userEmail: 'x', successUrl: 'ftp://a', cancelUrl: 1 }))).toEqual([
      'brandId',
      'cancelUrl',
      'successUrl',
      'userEmail',
    ])
    for (const amount of [49, 1_000_001, 12.5, '2500', undefined]) {
      expect(fields(await codes({ amount }))).toEqual(['amount'])
    }
    expect(fields(await codes({ currency: 'eur' }))).toEqual(['currency'])
    expect((await checkout({ amount: 50 })).tokenAmount).toBe(500)
    expect((await checkout({ amount: 1_000_000, currency: 'USD' })).tokenAmount).toBe(10_000_000)
    const unknown = await failure(checkout({ brandId: `0x${'7'.repeat(40)}` }))
    expect(unknown).toMatchObject({ code: 'BRAND_NOT_FOUND', category: 'not_found' })
  })

  it('create-checkout gets or creates the wallet and opens a session carrying the mint metadata', async () => {
    const email = `Ann.${rand()}@Example.com`
    const first = await checkout({ userEmail: email, amount: 2550, extra: 'ignored' })
    const wallet = await findWalletByOwner(ctx, { kind: 'email', email })
    expect(first).toMatchObject({ walletCreated: true, walletAddress: wallet?.address, tokenAmount: 25_500 })
    expect(first.checkoutUrl).toBe(`/loyalty-api/dev-checkout/${first.sessionId}`)
    const stored = await t.storage.payments.getCheckoutSession(first.sessionId)
    expect(stored?.metadata).toEqual({
      wallet: wallet?.address,
      usd_amount: '25.50',
      token_amount: '25500',
      brand_id: brandId,
      email: email.toLowerCase(),
    })
    const session = await local.retrieveCheckoutSession(first.sessionId)
    expect(session).toMatchObject({ paymentStatus: 'unpaid', amountTotalCents: 2550, currency: 'usd' })

    const again = await checkout({ userEmail: email })
    expect(again.walletCreated).toBe(false)
    expect(again.walletAddress).toBe(first.walletAddress)
    expect(again.sessionId).not.toBe(first.sessionId)

    const key = `idem-${rand()}`
    const a = await checkout({ userEmail: email }, key)
    const b = await checkout({ userEmail: email }, key)
    expect(b.sessionId).toBe(a.sessionId)
    expect(await failure(checkout({ userEmail: email, amount: 999 }, key))).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      category: 'conflict',
    })
    expect(await failure(checkout({ userEmail: email }, 'k'.repeat(201)))).toMatchObject({ code: 'VALIDATION_FAILED' })
  })

  it('payment-mint refuses unknown and unpaid sessions with the spec message', async () => {
    const missing = await failure(mintForPayment(ctx, { sessionId: 'cs_local_nope' }, { provider: local }))
    expect(missing).toMatchObject({
      code: 'PAYMENT_SESSION_NOT_FOUND',
      category: 'not_found',
      message: 'Session not found',
    })
    const { sessionId } = await checkout()
    const unpaid = await failure(mintForPayment(ctx, { sessionId }, { provider: local }))
    expect(unpaid).toMatchObject({ code: 'PAYMENT_NOT_COMPLETED', category: 'conflict' })
    expect(unpaid.message).toBe('Payment not completed: unpaid')
    expect((await failure(mintForPayment(ctx, {} as never, { provider: local }))).code).toBe('VALIDATION_FAILED')
    expect((await failure(mintForPayment(ctx, { sessionId: 'a b' }, { provider: local }))).code).toBe(
      'VALIDATION_FAILED',
    )
    const jobs = await t.database.db.selectFrom('mint_jobs').select('id').where('ref', '=', sessionId).execute()
    expect(jobs).toHaveLength(0)
  })

  it('mints a paid session once; a repeat answers alreadyProcessed with the original data', async () => {
    const { sessionId, walletAddress } = await checkout({ amount: 1234 })
    const paid = await pay(sessionId)
    const first = await mintForPayment(ctx, { sessionId }, { provider: local })
    expect(first).toEqual({
      sessionId,
      alreadyProcessed: false,
      status: 'confirmed',
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      blockExplorer: null,
      walletAddress,
      usdAmount: 12.34,
      tokenAmount: 12_340,
      paymentIntentId: paid?.paymentIntentId,
    })
    expect(await chain.balanceOf(walletAddress)).toBe(12_340n * WEI)
    const repeat = await mintForPayment(ctx, { sessionId }, { provider: local })
    expect(repeat).toEqual({ ...first, alreadyProcessed: true })
    expect(await chain.balanceOf(walletAddress)).toBe(12_340n * WEI)
  })

  it('100 concurrent payment-mint calls for one paid session: one mint, one txHash', async () => {
    const { sessionId, walletAddress } = await checkout({ amount: 777 })
    await pay(sessionId)
    const supply = await chain.totalSupply()
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => mintForPayment(ctx, { sessionId }, { provider: local })),
    )
    expect(new Set(answers.map((a) => a.txHash)).size).toBe(1)
    expect(answers[0]?.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(answers.filter((a) => !a.alreadyProcessed)).toHaveLength(1)
    expect(await chain.balanceOf(walletAddress)).toBe(7_770n * WEI)
    expect((await chain.totalSupply()) - supply).toBe(7_770n * WEI)
    const jobs = await t.database.db.selectFrom('mint_jobs').select('id').where('ref', '=', sessionId).execute()
    expect(jobs).toHaveLength(1)
  })

  it('refuses paid sessions whose metadata cannot be minted, naming the cause', async () => {
    const m = memoryProvider()
    const wallet = `0x${randomBytes(20).toString('hex')}`
    const cases: Array<[Record<string, string>, string]> = [
      [{ wallet: 'nope', usd_amount: '1.00', token_amount: '1000' }, 'INVALID_WALLET_ADDRESS'],
      [{ wallet: `0x${'0'.repeat(40)}`, usd_amount: '1.00', token_amount: '1000' }, 'INVALID_WALLET_ADDRESS'],
      [{ usd_amount: '1.00', token_amount: '1000' }, 'INVALID_WALLET_ADDRESS'],
      [{ wallet, usd_amount: '-1', token_amount: '1000' }, 'INVALID_AMOUNT'],
      [{ wallet, usd_amount: '0', token_amount: '0' }, 'INVALID_AMOUNT'],
      [{ wallet, usd_amount: '1.00', token_amount: '1e3' }, 'INVALID_AMOUNT'],
      [{ wallet, usd_amount: '10.00', token_amount: '9999' }, 'AMOUNT_MISMATCH'],
      [{ wallet, usd_amount: '0.0015', token_amount: '1' }, 'INVALID_AMOUNT'],
    ]
    for (const [metadata, code] of cases) {
      const s = m.session({ metadata })
      const e = await failure(mintForPayment(ctx, { sessionId: s.id }, { provider: m.provider }))
      expect({ code: e.code, category: e.category }).toEqual({ code, category: 'invalid_request' })
    }
    const ok = m.session({ metadata: { wallet, usd_amount: '0.005', token_amount: '5' } })
    expect((await mintForPayment(ctx, { sessionId: ok.id }, { provider: m.provider })).tokenAmount).toBe(5)
  })

  it('handles provider events once per id, in any order, ignoring sessions it cannot mint', async () => {
    const m = memoryProvider()
    const wallet = `0x${randomBytes(20).toString('hex')}`
    const s = m.session({
      paymentStatus: 'unpaid',
      status: 'complete',
      metadata: { wallet, usd_amount: '2.00', token_amount: '2000' },
    })
    const completed: PaymentEvent = { id: `evt_${rand()}`, type: 'checkout.session.completed', sessionId: s.id }
    expect(await handlePaymentEvent(ctx, completed, m)).toEqual({
      duplicate: false,
      outcome: 'ignored: payment unpaid',
    })

    const intent: PaymentEvent = {
      id: `evt_${rand()}`,
      type: 'payment_intent.succeeded',
      paymentIntentId: s.paymentIntentId as string,
      amountCents: 200,
      currency: 'usd',
    }
    expect(await handlePaymentEvent(ctx, intent, m)).toEqual({ duplicate: false, outcome: 'recorded' })
    expect(await t.storage.payments.getEvent(intent.id)).toMatchObject({
      type: 'payment_intent.succeeded',
      objectId: s.paymentIntentId,
    })

    s.paymentStatus = 'paid'
    const succeeded: PaymentEvent = {
      ...completed,
      id: `evt_${rand()}`,
      type: 'checkout.session.async_payment_succeeded',
    }
    expect(await handlePaymentEvent(ctx, succeeded, m)).toEqual({ duplicate: false, outcome: 'minted' })
    // Redelivered: ignored by id. The older "completed" arriving again (new id) finds it minted.
    expect(await handlePaymentEvent(ctx, succeeded, m)).toEqual({ duplicate: true, outcome: 'minted' })
    const late = await handlePaymentEvent(ctx, { ...completed, id: `evt_${rand()}` }, m)
    expect(late).toEqual({ duplicate: false, outcome: 'already_processed' })
    await minter.drain({ timeoutMs: 20_000 })
    expect(await chain.balanceOf(wallet)).toBe(2_000n * WEI)

    const foreign = m.session({ metadata: { order: '42' } })
    const other = await handlePaymentEvent(ctx, { ...completed, id: `evt_${rand()}`, sessionId: foreign.id }, m)
    expect(other.outcome).toBe('ignored: not a loyaltykit session')
    const broken = m.session({ metadata: { wallet, usd_amount: '1.00', token_amount: '5' } })
    const rejected = await handlePaymentEvent(ctx, { ...completed, id: `evt_${rand()}`, sessionId: broken.id }, m)
    expect(rejected.outcome).toBe('rejected: AMOUNT_MISMATCH')
    const noise = await handlePaymentEvent(
      ctx,
      { id: `evt_${rand()}`, type: 'other', providerType: 'customer.created' },
      m,
    )
    expect(noise.outcome).toBe('ignored')
  })

  it('queues the brand tokens_distributed webhook with the mint of the payment', async () => {
    const other = (await createBrand(ctx, { name: 'Hooked', websites: ['https://hooked.example.com'] })).brand.id
    await setWebhookEndpoint(ctx, { brandId: other, url: 'https://hooks.example.com/loyalty' })
    const { sessionId, walletAddress } = await checkout({ brandId: other, amount: 300 })
    await pay(sessionId)
    await mintForPayment(ctx, { sessionId }, { provider: local })
    await mintForPayment(ctx, { sessionId }, { provider: local })
    const rows = await t.database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('event_id', '=', `payment:${sessionId}`)
      .execute()
    expect(rows).toHaveLength(1)
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({ brandId: other, walletAddress, tokenAmount: 3_000 })
  })
})
