import { randomBytes } from 'node:crypto'
import { MINTER_ROLE, pointsTokenAbi } from '@loyaltykit/contracts'
import { createLocalPaymentProvider, type EngineContext, type LedgerEntry, type Minter } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { type Address, createWalletClient, type Hash, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_PRIVATE_KEYS } from '../../contracts/test/edr'
import { createBrand } from '../src/brands/create-brand'
import { processBulkEvents } from '../src/events/process-bulk-events'
import { processEvent } from '../src/events/process-event'
import { createMinter } from '../src/minting/create-minter'
import { enqueueMintJob } from '../src/minting/enqueue-mint-job'
import { createCheckout } from '../src/payments/create-checkout'
import { mintForPayment } from '../src/payments/mint-for-payment'
import { setRule } from '../src/rules/set-rule'
import { type MintingTestChain, startMintingTestChain } from './minting-test-chain'
import { expectEntryMatchesLog, expectLedgerMatchesChain } from './support/ledger-checks'
import { testDatabases, useTestStorage } from './support/test-databases'

const rand = () => randomBytes(6).toString('hex')

/** Polls `read` until `done` holds (the minter works in the background). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() - started > timeoutMs) return value
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe.each(testDatabases())('ledger entries of mints (rewards, bulk, purchases, grants) on $dialect', (db) => {
  const t = useTestStorage(db)
  let chain: MintingTestChain
  let ctx: EngineContext
  let minter: Minter
  let brandId: string

  const token = () => chain.chain.contracts.pointsToken
  const bySource = (sourceType: string, sourceId: string) => t.storage.ledger.listBySource({ sourceType, sourceId })
  const matchesChain = (wallet: string) => expectLedgerMatchesChain(t.storage, chain.publicClient, token(), wallet)

  beforeAll(async () => {
    chain = await startMintingTestChain()
    ctx = createTestContext(t.storage, { chain: chain.chain })
    minter = createMinter(ctx, { pollIntervalMs: 20, retryBaseMs: 20, retryMaxMs: 100 })
    brandId = (await createBrand(ctx, { name: 'Shop', websites: ['https://shop.example.com'] })).brand.id
    await setRule(ctx, { brandId, eventType: 'form_submit', maxClaims: -1, cooldownHours: 0 })
  })
  afterAll(async () => {
    await minter?.stop()
    await chain?.close()
  })

  it('an event reward: one pending entry in the claim, confirmed with its Transfer log by the minter', async () => {
    const email = `ann.${rand()}@example.com`
    const accepted = await processEvent(
      ctx,
      { brandId, eventType: 'account_creation', userEmail: email, domain: 'shop.example.com' },
      { mintWaitMs: 0 },
    )
    const [pending, ...more] = await bySource('event', accepted.eventId)
    expect(more).toHaveLength(0)
    expect(pending).toMatchObject({
      kind: 'reward',
      status: 'pending',
      brandId,
      walletAddress: accepted.walletAddress,
      userKey: `email:${email}`,
      amount: 100,
      amountWei: (100n * 10n ** 18n).toString(),
      txHash: null,
      logIndex: null,
      snapshot: {
        eventType: 'account_creation',
        rewardAmount: 100,
        maxClaims: 1,
        cooldownHours: 24,
        maxTotalClaims: null,
      },
    })
    const stored = await t.storage.events.get(accepted.eventId)
    expect(pending?.mintJobId).toBe(stored?.mintJobId)
    expect(pending?.createdAt).toBe(stored?.createdAt)

    minter.start()
    await minter.drain()
    const [confirmed] = await bySource('event', accepted.eventId)
    const job = await t.storage.mint.getJob(stored?.mintJobId as string)
    expect(confirmed).toMatchObject({ status: 'confirmed', txHash: job?.txHash, batchId: job?.batchId })
    await expectEntryMatchesLog(chain.publicClient, token(), confirmed as LedgerEntry)
    await matchesChain(accepted.walletAddress)
  })

  it('bulk events: one entry per accepted event, each with its own log index; refusals record nothing', async () => {
    const users = [1, 2, 3].map((i) => `bulk${i}.${rand()}@example.com`) as [string, string, string]
    const result = await processBulkEvents(ctx, {
      events: [
        ...users.map((userEmail) => ({ brandId, eventType: 'form_submit', userEmail, domain: 'shop.example.com' })),
        { brandId, eventType: 'account_creation', userEmail: users[0], domain: 'shop.example.com' },
        { brandId, eventType: 'account_creation', userEmail: users[0], domain: 'shop.example.com' }, // refused: maxClaims 1
        { brandId, eventType: 'not_configured', userEmail: users[1], domain: 'shop.example.com' },
      ],
    })
    expect(result).toMatchObject({ processed: 4, failed: 2 })
    const accepted = result.results.filter((r) => r.success)
    const entries = (await Promise.all(accepted.map((r) => bySource('event', r.eventId as string)))).flat()
    expect(entries).toHaveLength(4)
    const logIndexes = new Set<string>()
    for (const e of entries) {
      const transfer = await expectEntryMatchesLog(chain.publicClient, token(), e)
      expect(transfer.args.to.toLowerCase()).toBe(e.walletAddress)
      logIndexes.add(`${e.txHash}:${e.logIndex}`)
    }
    expect(logIndexes.size).toBe(4)
    for (const r of accepted) await matchesChain(r.walletAddress as string)
    const refusedUser = accepted.find((r) => r.eventType === 'account_creation')
    expect(
      (await t.storage.ledger.listByWallet({ walletAddress: refusedUser?.walletAddress as string, limit: 10 })).entries,
    ).toHaveLength(2)
  })

  it('100 concurrent payment-mints of one session: one purchase entry, confirmed', async () => {
    const local = createLocalPaymentProvider({ stores: t.storage })
    const email = `buyer.${rand()}@example.com`
    const { sessionId, walletAddress } = await createCheckout(
      ctx,
      {
        brandId,
        amount: 777,
        userEmail: email,
        successUrl: 'https://shop.example.com/ok?s={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://shop.example.com/cart',
      },
      { provider: local },
    )
    await t.storage.payments.markCheckoutSessionPaid({
      id: sessionId,
      paymentIntentId: `pi_${rand()}`,
      now: Date.now(),
    })
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => mintForPayment(ctx, { sessionId }, { provider: local })),
    )
    expect(new Set(answers.map((a) => a.txHash)).size).toBe(1)
    const entries = await bySource('checkout_session', sessionId)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      kind: 'purchase',
      brandId,
      walletAddress,
      userKey: `email:${email}`,
      amount: 7770,
      txHash: answers[0]?.txHash,
      snapshot: { usdAmount: '7.77', currency: 'usd', provider: 'local' },
    })
    await expectEntryMatchesLog(chain.publicClient, token(), entries[0] as LedgerEntry)
    await matchesChain(walletAddress)
  })

  it('a mint the operator enqueues is a grant', async () => {
    const to = `0x${randomBytes(20).toString('hex')}`
    const { jobId } = await enqueueMintJob(ctx, { idempotencyKey: `grant:${rand()}`, to, amount: 42, source: 'bonus' })
    await enqueueMintJob(ctx, { idempotencyKey: `grant:${rand()}`, to, amount: 8, source: 'bonus' })
    minter.wake()
    await minter.drain()
    const [grant] = await t.storage.ledger.listByMintJob(jobId)
    expect(grant).toMatchObject({ kind: 'grant', sourceType: 'mint_job', sourceId: jobId, amount: 42, brandId: null })
    await expectEntryMatchesLog(chain.publicClient, token(), grant as LedgerEntry)
    await matchesChain(to)
  })

  it('a mint that reverts: its entries turn failed with the reverted transaction, then confirmed once it mints', async () => {
    const admin = createWalletClient({
      account: privateKeyToAccount(TEST_PRIVATE_KEYS[0] as Hex),
      transport: chain.chain.transport,
      chain: chain.publicClient.chain,
    })
    const setMinter = async (fn: 'grantRole' | 'revokeRole') => {
      const hash = await admin.writeContract({
        address: token(),
        abi: pointsTokenAbi,
        functionName: fn,
        args: [MINTER_ROLE, chain.chain.minter.address],
        chain: chain.publicClient.chain,
      })
      await chain.publicClient.waitForTransactionReceipt({ hash })
    }
    await setMinter('revokeRole')
    const accepted = await processEvent(
      ctx,
      { brandId, eventType: 'form_submit', userEmail: `fail.${rand()}@example.com`, domain: 'shop.example.com' },
      { mintWaitMs: 0 },
    )
    minter.start()
    minter.wake()
    const [failed] = await until(
      () => bySource('event', accepted.eventId),
      (es) => es[0]?.status === 'failed',
    )
    expect({ failed, stats: minter.stats() }).toMatchObject({
      failed: { status: 'failed', logIndex: null, confirmedAt: null },
    })
    expect(failed?.batchId).toMatch(/^0x[0-9a-f]{64}$/)
    const reverted = await chain.publicClient.getTransactionReceipt({ hash: failed?.txHash as Hash })
    expect(reverted.status).toBe('reverted')
    expect(Number(reverted.blockNumber)).toBe(failed?.blockNumber)
    // Retries are simulated first: they keep the entry failed, with the reverted transaction.
    await new Promise((r) => setTimeout(r, 200))
    expect((await bySource('event', accepted.eventId))[0]).toMatchObject({ status: 'failed', txHash: failed?.txHash })
    await matchesChain(accepted.walletAddress)

    await setMinter('grantRole')
    const [confirmed] = await until(
      () => bySource('event', accepted.eventId),
      (es) => es[0]?.status === 'confirmed',
    )
    expect(confirmed?.txHash).not.toBe(failed?.txHash)
    await expectEntryMatchesLog(chain.publicClient, token(), confirmed as LedgerEntry)
    await matchesChain(accepted.walletAddress)
    expect(await chain.balanceOf(accepted.walletAddress as Address)).toBe(10n * 10n ** 18n)
  })
})
