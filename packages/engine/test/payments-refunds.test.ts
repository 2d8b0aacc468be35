import { randomBytes } from 'node:crypto'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import type { ClawbackWorker, EngineContext, Minter, PaymentProvider, ProviderRefund } from '@loyaltykit/engine'
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
import { beforeAll, describe, expect, it } from 'vitest'
import { createClawbackWorker } from '../src/payments/create-clawback-worker'
import { handlePaymentEvent } from '../src/payments/handle-payment-event'
import { listRefundClawbacks } from '../src/payments/list-refund-clawbacks'
import { mintForPayment } from '../src/payments/mint-for-payment'
import { loadWalletAccount } from '../src/wallets/load-wallet-account'
import type { MintingTestChain } from './minting-test-chain'
import { memoryProvider } from './support/memory-payment-provider'
import { rand, usePaymentsWorld, WEI } from './support/payments-world'
import { testDatabases } from './support/test-databases'

describe.each(testDatabases())('payments: refunds and clawbacks on $dialect with the EDR chain', (db) => {
  const w = usePaymentsWorld(db)
  const { t, checkout, pay, refunded } = w
  let chain: MintingTestChain
  let ctx: EngineContext
  let minter: Minter
  let worker: ClawbackWorker
  let local: PaymentProvider
  let brandId: string
  beforeAll(() => {
    ;({ chain, ctx, minter, worker, local, brandId } = w)
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
