import { randomBytes } from 'node:crypto'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import {
  type CheckoutSession,
  type ClawbackWorker,
  createLocalPaymentProvider,
  type EngineContext,
  isLoyaltyError,
  type Minter,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderRefund,
} from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  type Hex,
  keccak256,
  type PublicClient,
} from 'viem'
import { hardhat } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { createMinter } from '../src/minting/create-minter'
import { createCheckout } from '../src/payments/create-checkout'
import { createClawbackWorker } from '../src/payments/create-clawback-worker'
import { handlePaymentEvent } from '../src/payments/handle-payment-event'
import { listRefundClawbacks } from '../src/payments/list-refund-clawbacks'
import { mintForPayment } from '../src/payments/mint-for-payment'
import { findWalletByOwner } from '../src/wallets/find-wallet-by-owner'
import { loadWalletAccount } from '../src/wallets/load-wallet-account'
import { setWebhookEndpoint } from '../src/webhooks/set-webhook-endpoint'
import { type MintingTestChain, startMintingTestChain } from './minting-test-chain'
import { testDatabases, useTestStorage } from './support/test-databases'

const WEI = 10n ** 18n
const SUCCESS = 'https://shop.example.com/thanks?session={CHECKOUT_SESSION_ID}'
const CANCEL = 'https://shop.example.com/cart'
const rand = () => randomBytes(8).toString('hex')

async function failure(
  p: Promise<unknown>,
): Promise<{ code: string; message: string; category: string; details: unknown }> {
  try {
    await p
  } catch (e) {
    if (isLoyaltyError(e)) return { code: e.code, message: e.message, category: e.category, details: e.details }
    throw e
  }
  throw new Error('expected a failure')
}

/** A provider whose sessions the test writes directly (shapes as Stripe documents them). */
function memoryProvider() {
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

describe.each(testDatabases())('payments on $dialect with the EDR chain', (db) => {
  const t = useTestStorage(db)
  let chain: MintingTestChain
  let ctx: EngineContext
  let minter: Minter
  let worker: ClawbackWorker
  let local: PaymentProvider
  let brandId: string

  beforeAll(async () => {
    chain = await startMintingTestChain()
    ctx = createTestContext(t.storage, { chain: chain.chain })
    local = createLocalPaymentProvider({ stores: t.storage })
    minter = createMinter(ctx, { pollIntervalMs: 20, retryBaseMs: 20 })
    minter.start()
    worker = createClawbackWorker(ctx, { pollIntervalMs: 20, retryBaseMs: 20, replaceAfterMs: 300 })
    worker.start()
    brandId = (await createBrand(ctx, { name: 'Shop', websites: ['https://shop.example.com'] })).brand.id
  })
  afterAll(async () => {
    await Promise.all([minter?.stop(), worker?.stop()])
    await chain?.close()
  })

  const checkout = (over: Record<string, unknown> = {}, idempotencyKey?: string) =>
    createCheckout(
      ctx,
      { brandId, amount: 2500, userEmail: `u${rand()}@example.com`, successUrl: SUCCESS, cancelUrl: CANCEL, ...over },
      { provider: local, idempotencyKey },
    )
  const pay = (sessionId: string) =>
    t.storage.payments.markCheckoutSessionPaid({ id: sessionId, paymentIntentId: `pi_${rand()}`, now: Date.now() })
  const refunded = (
    paymentIntentId: string,
    amountCents: number,
    refunds: Array<Pick<ProviderRefund, 'id' | 'amountCents'> & Partial<ProviderRefund>>,
  ): PaymentEvent => ({
    id: `evt_${rand()}`,
    type: 'charge.refunded',
    chargeId: `ch_${rand()}`,
    paymentIntentId,
    amountCents,
    amountRefundedCents: refunds.reduce((n, r) => n + r.amountCents, 0),
    currency: 'usd',
    refunds: refunds.map((r, i) => ({ status: 'succeeded', createdAt: 1_700_000_000_000 + i, ...r })),
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

  it('claws back the refunded share of a purchase, once per refund id', async () => {
    const { sessionId, walletAddress } = await checkout({ amount: 2500 })
    const paid = await pay(sessionId)
    await mintForPayment(ctx, { sessionId }, { provider: local })
    const pi = paid?.paymentIntentId as string
    const supply = await chain.totalSupply()

    const partial = refunded(pi, 2500, [{ id: `re_${rand()}`, amountCents: 1000 }])
    expect((await handlePaymentEvent(ctx, partial, { provider: local })).outcome).toBe('refunds: 1')
    await worker.drain({ timeoutMs: 20_000 })
    expect(await chain.balanceOf(walletAddress)).toBe(15_000n * WEI)

    // The same refund again (a redelivery under a new event id, or a later event listing it): nothing more.
    const again = { ...partial, id: `evt_${rand()}` }
    expect((await handlePaymentEvent(ctx, again, { provider: local })).outcome).toBe('refunds: 0')
    const rest = refunded(pi, 2500, [
      { id: (partial as { refunds: ProviderRefund[] }).refunds[0]!.id, amountCents: 1000 },
      { id: `re_${rand()}`, amountCents: 1500 },
    ])
    expect((await handlePaymentEvent(ctx, rest, { provider: local })).outcome).toBe('refunds: 1')
    await worker.drain({ timeoutMs: 20_000 })
    expect(await chain.balanceOf(walletAddress)).toBe(0n)
    expect(supply - (await chain.totalSupply())).toBe(25_000n * WEI)

    const ledger = (await listRefundClawbacks(ctx, { limit: 1000 })).filter((r) => r.sessionId === sessionId)
    expect(ledger.map((r) => [r.refundCents, r.tokenAmount, r.clawedBack, r.shortfall, r.status]).sort()).toEqual([
      [1000, '10000', '10000', '0', 'confirmed'],
      [1500, '15000', '15000', '0', 'confirmed'],
    ])
    for (const r of ledger) expect(r.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    const logs = await chain.publicClient.getContractEvents({
      address: chain.chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      eventName: 'Clawback',
      args: { from: walletAddress as Address },
      fromBlock: 0n,
    })
    expect(logs.map((l) => l.args.amount)).toEqual([10_000n * WEI, 15_000n * WEI])
  })

  it('replaces a clawback transaction stuck in the pool with higher fees, and burns once', async () => {
    const { sessionId, walletAddress } = await checkout({ amount: 2500 })
    const paid = await pay(sessionId)
    await mintForPayment(ctx, { sessionId }, { provider: local })
    const pi = paid?.paymentIntentId as string
    const supply = await chain.totalSupply()
    const replacedBefore = worker.stats().transactionsReplaced
    const refundId = `re_${rand()}`
    // The node stops mining: the clawback transaction waits in its pool.
    await chain.rpc('evm_setAutomine', [false])
    let stuck: Awaited<ReturnType<typeof t.storage.payments.getRefund>>
    try {
      const event = refunded(pi, 2500, [{ id: refundId, amountCents: 1000 }])
      expect((await handlePaymentEvent(ctx, event, { provider: local })).outcome).toBe('refunds: 1')
      const deadline = Date.now() + 15_000
      while (worker.stats().transactionsReplaced === replacedBefore && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25))
      }
      expect(worker.stats().transactionsReplaced).toBeGreaterThan(replacedBefore)
      stuck = await t.storage.payments.getRefund(refundId)
      expect(stuck?.status).toBe('signed')
      expect(stuck?.replacedTxHashes.length).toBeGreaterThanOrEqual(1)
      await chain.rpc('evm_mine', [])
    } finally {
      await chain.rpc('evm_setAutomine', [true])
    }
    await worker.drain({ timeoutMs: 20_000 })
    const done = await t.storage.payments.getRefund(refundId)
    expect(done?.status).toBe('confirmed')
    // One burn of the refunded share, by one of the attempts; no other attempt was mined.
    expect(await chain.balanceOf(walletAddress)).toBe(15_000n * WEI)
    expect(supply - (await chain.totalSupply())).toBe(10_000n * WEI)
    const attempts = [stuck?.txHash, ...(stuck?.replacedTxHashes ?? [])] as Hex[]
    expect(attempts).toContain(done?.txHash)
    for (const hash of attempts.filter((h) => h !== done?.txHash)) {
      expect(await chain.publicClient.getTransactionReceipt({ hash }).catch(() => null)).toBeNull()
    }
  })

  it('a refund that overtakes its payment waits for the mint, then claws back', async () => {
    const m = memoryProvider()
    // Refunds of charges that never were points purchases wait forever; they must not crowd ours out.
    for (let i = 0; i < 60; i++) {
      await handlePaymentEvent(
        ctx,
        refunded(`pi_foreign_${rand()}`, 500, [{ id: `re_${rand()}`, amountCents: 500 }]),
        m,
      )
    }
    const wallet = `0x${randomBytes(20).toString('hex')}`
    const s = m.session({ amountTotalCents: 400, metadata: { wallet, usd_amount: '4.00', token_amount: '4000' } })
    const early = refunded(s.paymentIntentId as string, 400, [{ id: `re_${rand()}`, amountCents: 100 }])
    expect((await handlePaymentEvent(ctx, early, m)).outcome).toBe('refunds: 1 awaiting the payment')
    const row = await t.storage.payments.getRefund((early as { refunds: ProviderRefund[] }).refunds[0]!.id)
    expect(row?.status).toBe('awaiting_payment')

    await handlePaymentEvent(ctx, { id: `evt_${rand()}`, type: 'checkout.session.completed', sessionId: s.id }, m)
    await minter.drain({ timeoutMs: 20_000 })
    for (let i = 0; i < 200 && (await t.storage.payments.getRefund(row!.refundId))?.status !== 'confirmed'; i++) {
      worker.wake()
      await new Promise((r) => setTimeout(r, 25))
    }
    expect(await t.storage.payments.getRefund(row!.refundId)).toMatchObject({
      status: 'confirmed',
      tokenAmount: '1000',
      clawedWei: (1000n * WEI).toString(),
      shortfallWei: '0',
    })
    expect(await chain.balanceOf(wallet)).toBe(3_000n * WEI)
  })

  it('records and reports the shortfall when the user already spent refunded tokens', async () => {
    const { sessionId, walletAddress } = await checkout({ amount: 100 })
    const paid = await pay(sessionId)
    await mintForPayment(ctx, { sessionId }, { provider: local })
    expect(await chain.balanceOf(walletAddress)).toBe(1_000n * WEI)

    const account = await loadWalletAccount(ctx, { address: walletAddress })
    await chain.rpc('hardhat_setBalance', [walletAddress, `0x${(10n ** 18n).toString(16)}`])
    const spender = createWalletClient({ account, chain: hardhat, transport: chain.chain.transport })
    const sink = `0x${randomBytes(20).toString('hex')}` as Address
    const hash = await spender.writeContract({
      address: chain.chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName: 'transfer',
      args: [sink, 700n * WEI],
    })
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')

    const refundId = `re_${rand()}`
    await handlePaymentEvent(
      ctx,
      refunded(paid?.paymentIntentId as string, 100, [{ id: refundId, amountCents: 100 }]),
      {
        provider: local,
      },
    )
    await worker.drain({ timeoutMs: 20_000 })
    expect(await chain.balanceOf(walletAddress)).toBe(0n)
    expect(await chain.balanceOf(sink)).toBe(700n * WEI)
    const report = await listRefundClawbacks(ctx, { shortfallOnly: true, brandId })
    expect(report.find((r) => r.refundId === refundId)).toMatchObject({
      sessionId,
      tokenAmount: '1000',
      clawedBack: '300',
      shortfall: '700',
      status: 'confirmed',
    })
    expect(worker.stats().shortfalls).toBeGreaterThanOrEqual(1)
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

  it('re-broadcasts the stored clawback transaction after a failed broadcast: one burn, same hash', async () => {
    const { sessionId, walletAddress } = await checkout({ amount: 200 })
    const paid = await pay(sessionId)
    await mintForPayment(ctx, { sessionId }, { provider: local })
    await worker.stop()
    let dropped: Hex | undefined
    const flaky = custom({
      async request({ method, params }) {
        if (method === 'eth_sendRawTransaction' && dropped === undefined) {
          dropped = keccak256((params as Hex[])[0] as Hex)
          throw new Error('socket hang up')
        }
        return chain.provider.request({ method, params } as never)
      },
    })
    const publicClient = createPublicClient({ chain: hardhat, transport: flaky }) as PublicClient
    const flakyWorker = createClawbackWorker(
      { ...ctx, chain: { ...chain.chain, transport: flaky, publicClient } },
      { pollIntervalMs: 20, retryBaseMs: 20 },
    )
    flakyWorker.start()
    const refundId = `re_${rand()}`
    try {
      await handlePaymentEvent(
        ctx,
        refunded(paid?.paymentIntentId as string, 200, [{ id: refundId, amountCents: 200 }]),
        { provider: local },
      )
      await flakyWorker.drain({ timeoutMs: 20_000 })
    } finally {
      await flakyWorker.stop()
      worker.start()
    }
    expect(dropped).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await t.storage.payments.getRefund(refundId)).toMatchObject({
      status: 'confirmed',
      txHash: dropped,
      attempts: 1,
      clawedWei: (2_000n * WEI).toString(),
    })
    expect(await chain.balanceOf(walletAddress)).toBe(0n)
    const burns = await chain.publicClient.getContractEvents({
      address: chain.chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      eventName: 'Clawback',
      args: { from: walletAddress as Address },
      fromBlock: 0n,
    })
    expect(burns).toHaveLength(1)
  })
})
