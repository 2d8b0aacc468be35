import { randomBytes } from 'node:crypto'
import { businessEscrowAbi, perkCollectionAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import {
  type ClawbackWorker,
  createAccessTokenVerifier,
  createLocalPaymentProvider,
  createLocalTokenIssuer,
  type EngineContext,
  generateIdentitySigningKey,
  type LedgerEntry,
  type Minter,
  type PaymentProvider,
} from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { type Address, encodeFunctionData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { devLogin } from '../src/identity/dev-login'
import { createLocalIdentityProvider } from '../src/identity/local-identity-provider'
import { createMinter } from '../src/minting/create-minter'
import { enqueueMintJob } from '../src/minting/enqueue-mint-job'
import { createCheckout } from '../src/payments/create-checkout'
import { createClawbackWorker } from '../src/payments/create-clawback-worker'
import { handlePaymentEvent } from '../src/payments/handle-payment-event'
import { mintForPayment } from '../src/payments/mint-for-payment'
import { createPerk } from '../src/perks/create-perk'
import { relay } from '../src/relay/relay'
import { loadWalletAccount } from '../src/wallets/load-wallet-account'
import { type MintingTestChain, startMintingTestChain } from './minting-test-chain'
import { expectEntryMatchesLog, expectLedgerMatchesChain } from './support/ledger-checks'
import { testDatabases, useTestStorage } from './support/test-databases'

const WEI = 10n ** 18n
const rand = () => randomBytes(6).toString('hex')

describe.each(testDatabases())('ledger entries of relayed transactions and clawbacks on $dialect', (db) => {
  const t = useTestStorage(db)
  let chain: MintingTestChain
  let ctx: EngineContext
  let minter: Minter
  let worker: ClawbackWorker
  let local: PaymentProvider
  let brandId: string
  let collectionId: number

  const token = () => chain.chain.contracts.pointsToken
  const matchesChain = (wallet: string) => expectLedgerMatchesChain(t.storage, chain.publicClient, token(), wallet)

  /** A logged-in custodial user holding `tokens` (a grant through the minter). */
  async function fundedUser(tokens: number) {
    const user = await devLogin(ctx, { email: `u${rand()}@example.com` })
    const { jobId } = await enqueueMintJob(ctx, {
      idempotencyKey: `fund:${rand()}`,
      to: user.walletAddress,
      amount: tokens,
      source: 'test',
    })
    minter.wake()
    await ctx.storage.mint.getJob(jobId)
    await minter.drain()
    return user
  }

  /** An ERC-2612 permit signed with the user's custodial key, for `spender`. */
  async function permit(owner: string, spender: Address, value: bigint) {
    const account = await loadWalletAccount(ctx, { address: owner })
    const t0 = { address: token(), abi: pointsTokenAbi } as const
    const [, name, version] = await chain.publicClient.readContract({ ...t0, functionName: 'eip712Domain' })
    const nonce = await chain.publicClient.readContract({ ...t0, functionName: 'nonces', args: [owner as Address] })
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    const signature = await account.signTypedData({
      domain: { name, version, chainId: chain.chain.chainId, verifyingContract: token() },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { owner: owner as Address, spender, value, nonce, deadline },
    })
    const r = `0x${signature.slice(2, 66)}` as Hex
    const s = `0x${signature.slice(66, 130)}` as Hex
    const v = Number.parseInt(signature.slice(130, 132), 16)
    return { owner, spender, value: value.toString(), deadline: Number(deadline), v, r, s }
  }

  beforeAll(async () => {
    chain = await startMintingTestChain()
    const issuer = await createLocalTokenIssuer({ privateJwk: await generateIdentitySigningKey() })
    ctx = createTestContext(t.storage, { chain: chain.chain })
    ctx.identity = {
      provider: createLocalIdentityProvider(ctx),
      tokens: createAccessTokenVerifier({
        keys: { kind: 'jwk', jwk: issuer.publicJwk },
        issuer: issuer.issuer,
        audience: issuer.audience,
      }),
      devIssuer: issuer,
    }
    local = createLocalPaymentProvider({ stores: t.storage })
    minter = createMinter(ctx, { pollIntervalMs: 20, retryBaseMs: 20 })
    minter.start()
    worker = createClawbackWorker(ctx, { pollIntervalMs: 20, retryBaseMs: 20 })
    worker.start()
    brandId = (await createBrand(ctx, { name: 'Cafe', websites: ['https://cafe.example'] })).brand.id
    collectionId = (await createPerk(ctx, { brandId, name: 'Coffee', price: 10, maxPerUser: 5 })).collectionId
  }, 60_000)
  afterAll(async () => {
    await Promise.all([minter?.stop(), worker?.stop()])
    await ctx?.relaySender?.stop()
    await chain?.close()
  })

  it('a relayed perk claim: one redemption entry from the PerkClaimed log, the price on the brand', async () => {
    const user = await fundedUser(25)
    const { result } = await relay(
      ctx,
      {
        to: chain.chain.contracts.perkCollection,
        data: encodeFunctionData({
          abi: perkCollectionAbi,
          functionName: 'claimFor',
          args: [user.walletAddress as Address, BigInt(collectionId)],
        }),
        userAddress: user.walletAddress,
        metadata: { permit: await permit(user.walletAddress, chain.chain.contracts.perkCollection, 10n * WEI) },
      },
      { accessToken: user.accessToken },
    )
    const entries = await t.storage.ledger.listByTxHash(result.transactionHash)
    expect(entries).toHaveLength(2)
    const redemption = entries.find((e) => e.kind === 'redemption') as LedgerEntry
    expect(redemption).toMatchObject({
      walletAddress: user.walletAddress,
      brandId,
      amount: -10,
      sourceType: 'perk_claim',
      sourceId: `${collectionId}:1`,
      counterparty: brandId,
      status: 'confirmed',
      userKey: expect.stringMatching(/^email:u[0-9a-f]+@example\.com$/),
      snapshot: { collectionId: String(collectionId), tokenId: '1', perkName: 'Coffee', channel: 'relay' },
    })
    expect(entries.find((e) => e.kind === 'transfer')).toMatchObject({ walletAddress: brandId, amount: 10 })
    for (const e of entries) await expectEntryMatchesLog(chain.publicClient, token(), e)
    await matchesChain(user.walletAddress)
    await matchesChain(brandId)
    // The relay settlement is the only writer; a second look at the receipt records nothing more.
    expect(
      (await t.storage.ledger.listBySource({ sourceType: 'perk_claim', sourceId: `${collectionId}:1` })).length,
    ).toBe(2)
    expect((await t.storage.ledger.memberTotals({ walletAddress: user.walletAddress, brandId })).redeemed).toBe(10)
  })

  it('a relayed transferFrom (permit to the relayer): two entries, negative on the sender; a deposit to the escrow too', async () => {
    const user = await fundedUser(30)
    const friend = `0x${randomBytes(20).toString('hex')}`
    const amount = 7n * WEI + WEI / 4n // not a whole number of tokens
    const { result } = await relay(
      ctx,
      {
        to: token(),
        data: encodeFunctionData({
          abi: pointsTokenAbi,
          functionName: 'transferFrom',
          args: [user.walletAddress as Address, friend as Address, amount],
        }),
        userAddress: user.walletAddress,
        metadata: { permit: await permit(user.walletAddress, chain.chain.relayer.address, amount) },
      },
      { accessToken: user.accessToken },
    )
    const entries = await t.storage.ledger.listByTxHash(result.transactionHash)
    expect(entries.map((e) => [e.kind, e.walletAddress, e.amountWei, e.counterparty]).sort()).toEqual(
      [
        ['transfer', user.walletAddress, (-amount).toString(), friend],
        ['transfer', friend, amount.toString(), user.walletAddress],
      ].sort(),
    )
    expect(entries.find((e) => e.walletAddress === friend)).toMatchObject({ amount: 7, userKey: null })
    for (const e of entries) await expectEntryMatchesLog(chain.publicClient, token(), e)
    await matchesChain(user.walletAddress)
    await matchesChain(friend)

    const escrow = chain.chain.contracts.businessEscrow
    const deposit = await relay(
      ctx,
      {
        to: escrow,
        data: encodeFunctionData({
          abi: businessEscrowAbi,
          functionName: 'depositFor',
          args: [user.walletAddress as Address, brandId as Address, 5n * WEI],
        }),
        userAddress: user.walletAddress,
        metadata: { permit: await permit(user.walletAddress, escrow, 5n * WEI) },
      },
      { accessToken: user.accessToken },
    )
    const deposited = await t.storage.ledger.listByTxHash(deposit.result.transactionHash)
    expect(deposited.map((e) => [e.walletAddress, e.amount]).sort()).toEqual(
      [
        [user.walletAddress, -5],
        [escrow.toLowerCase(), 5],
      ].sort(),
    )
    await matchesChain(user.walletAddress)
    await matchesChain(escrow)
  })

  it('a refund: one negative clawback entry once the burn is confirmed', async () => {
    const { sessionId, walletAddress } = await createCheckout(
      ctx,
      {
        brandId,
        amount: 2500,
        userEmail: `buyer.${rand()}@example.com`,
        successUrl: 'https://cafe.example/ok?s={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://cafe.example/cart',
      },
      { provider: local },
    )
    const paid = await t.storage.payments.markCheckoutSessionPaid({
      id: sessionId,
      paymentIntentId: `pi_${rand()}`,
      now: Date.now(),
    })
    await mintForPayment(ctx, { sessionId }, { provider: local })
    const refundId = `re_${rand()}`
    await handlePaymentEvent(
      ctx,
      {
        id: `evt_${rand()}`,
        type: 'charge.refunded',
        chargeId: `ch_${rand()}`,
        paymentIntentId: paid?.paymentIntentId as string,
        amountCents: 2500,
        amountRefundedCents: 1000,
        currency: 'usd',
        refunds: [{ id: refundId, amountCents: 1000, status: 'succeeded', createdAt: Date.now() }],
      },
      { provider: local },
    )
    await worker.drain({ timeoutMs: 20_000 })
    const [clawback, ...more] = await t.storage.ledger.listBySource({ sourceType: 'refund', sourceId: refundId })
    expect(more).toHaveLength(0)
    expect(clawback).toMatchObject({
      kind: 'clawback',
      walletAddress,
      brandId,
      amount: -10_000,
      status: 'confirmed',
      snapshot: { sessionId, refundCents: 1000, shortfallWei: '0' },
    })
    const refund = await t.storage.payments.getRefund(refundId)
    expect(clawback?.txHash).toBe(refund?.txHash)
    const burn = await expectEntryMatchesLog(chain.publicClient, token(), clawback as LedgerEntry)
    expect(burn.args.to).toBe('0x0000000000000000000000000000000000000000')
    await matchesChain(walletAddress)
    expect(await t.storage.ledger.memberTotals({ walletAddress, brandId })).toMatchObject({
      bought: 25_000,
      clawedBack: 10_000,
    })
  })
})
