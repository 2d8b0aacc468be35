import { randomBytes } from 'node:crypto'
import { perkCollectionAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import {
  createAccessTokenVerifier,
  createLocalTokenIssuer,
  createRelaySender,
  type EngineContext,
  generateIdentitySigningKey,
  isLoyaltyError,
  type RelayOptions,
  type RelayTxRecord,
} from '@loyaltykit/engine'
import { createTestContext, relaySenderOf } from '@loyaltykit/engine/testing'
import { type Address, createWalletClient, encodeFunctionData, type Hex, keccak256 } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_PRIVATE_KEYS } from '../../contracts/test/edr'
import { createBrand } from '../src/brands/create-brand'
import { devLogin } from '../src/identity/dev-login'
import { createLocalIdentityProvider } from '../src/identity/local-identity-provider'
import { signUserTypedData } from '../src/identity/sign-user-typed-data'
import { createPerk } from '../src/perks/create-perk'
import { getRelayGasUsage } from '../src/relay/get-relay-gas-usage'
import { relay } from '../src/relay/relay'
import { type MintingTestChain, startMintingTestChain } from './minting-test-chain'
import { type FreshDatabase, testDatabases } from './support/test-databases'

const WEI = 10n ** 18n

async function failure(p: Promise<unknown>) {
  try {
    await p
  } catch (e) {
    if (isLoyaltyError(e)) return e
    throw e
  }
  throw new Error('expected a LoyaltyError')
}

describe.each(testDatabases())('relay (engine) on $dialect', (db) => {
  let database: FreshDatabase
  let t: MintingTestChain
  let ctx: EngineContext
  let brandId: string
  let collectionId: number
  let freeCollectionId: number
  const options: RelayOptions = { allowedOrigins: ['https://app.example'] }

  const login = (email = `u${randomBytes(4).toString('hex')}@example.com`) => devLogin(ctx, { email })
  const claimData = (user: string, id: number) =>
    encodeFunctionData({ abi: perkCollectionAbi, functionName: 'claimFor', args: [user as Address, BigInt(id)] })

  /** The relay sender's intent for a `claimFor` of `userAddress` (gas given). */
  const claimIntent = (data: Hex, userAddress: string) => ({
    kind: 'call' as const,
    to: t.chain.contracts.perkCollection,
    data,
    gas: 300_000n,
    functionName: 'claimFor',
    userAddress,
    brandId,
  })

  /** A relayer transaction signed at `nonce` and shaped as the sender stores it (not stored here). */
  async function storedRelayTx(p: {
    nonce: number
    data: Hex
    userAddress: string
    status: 'signed' | 'sent'
    maxFeePerGas?: bigint
  }): Promise<RelayTxRecord> {
    const maxFeePerGas = p.maxFeePerGas ?? 50_000_000_000n
    const raw: Hex = await t.chain.relayer.signTransaction({
      chainId: t.chain.chainId,
      type: 'eip1559',
      to: t.chain.contracts.perkCollection,
      data: p.data,
      nonce: p.nonce,
      gas: 300_000n,
      maxFeePerGas,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
    const now = Date.now()
    return {
      txHash: keccak256(raw),
      chainId: t.chain.chainId,
      signer: t.chain.relayer.address.toLowerCase(),
      nonce: p.nonce,
      raw,
      kind: 'call',
      to: t.chain.contracts.perkCollection,
      functionName: 'claimFor',
      userAddress: p.userAddress,
      brandId,
      gasLimit: '300000',
      maxFeePerGas: maxFeePerGas.toString(),
      maxPriorityFeePerGas: '1000000000',
      status: p.status,
      gasUsed: null,
      effectiveGasPrice: null,
      blockNumber: null,
      error: null,
      createdAt: now,
      updatedAt: now,
    }
  }

  async function mintTo(address: string, tokens: bigint) {
    const wallet = createWalletClient({
      account: t.chain.minter,
      transport: t.chain.transport,
      chain: t.publicClient.chain,
    })
    const hash = await wallet.writeContract({
      address: t.chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName: 'mintBatch',
      args: [`0x${randomBytes(32).toString('hex')}`, [address as Address], [tokens * WEI]],
      chain: t.publicClient.chain,
      gas: 200_000n,
    })
    await t.publicClient.waitForTransactionReceipt({ hash })
  }

  async function permitFor(user: { walletAddress: string }, value: bigint) {
    const token = { address: t.chain.contracts.pointsToken, abi: pointsTokenAbi } as const
    const [, name, version] = await t.publicClient.readContract({ ...token, functionName: 'eip712Domain' })
    const nonce = await t.publicClient.readContract({
      ...token,
      functionName: 'nonces',
      args: [user.walletAddress as Address],
    })
    const { permit } = await signUserTypedData(
      ctx,
      {
        domain: { name, version, chainId: t.chain.chainId, verifyingContract: t.chain.contracts.pointsToken },
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
        message: {
          owner: user.walletAddress,
          spender: t.chain.contracts.perkCollection,
          value: value.toString(),
          nonce: nonce.toString(),
          deadline: Math.floor(Date.now() / 1000) + 3600,
        },
      },
      { user: { walletAddress: user.walletAddress, custodial: true } },
    )
    return permit
  }

  beforeAll(async () => {
    database = await db.create()
    t = await startMintingTestChain()
    const issuer = await createLocalTokenIssuer({ privateJwk: await generateIdentitySigningKey() })
    ctx = createTestContext(database.storage, { chain: t.chain })
    ctx.identity = {
      provider: createLocalIdentityProvider(ctx),
      tokens: createAccessTokenVerifier({
        keys: { kind: 'jwk', jwk: issuer.publicJwk },
        issuer: issuer.issuer,
        audience: issuer.audience,
      }),
      devIssuer: issuer,
    }
    const { brand } = await createBrand(ctx, { name: 'Cafe', websites: ['https://cafe.example'] })
    brandId = brand.id
    collectionId = (await createPerk(ctx, { brandId, name: 'Coffee', price: 10, maxPerUser: 2, charges: 3 }))
      .collectionId
    freeCollectionId = (await createPerk(ctx, { brandId, name: 'Sticker', price: 0 })).collectionId
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await database?.destroy()
  })

  it('claims a perk with a permit for a user with 0 ETH, counts gas for the user and the brand', async () => {
    const user = await login()
    await mintTo(user.walletAddress, 25n)
    expect(await t.publicClient.getBalance({ address: user.walletAddress as Address })).toBe(0n)
    const permit = await permitFor(user, 10n * WEI)
    const { result, rateLimit } = await relay(
      ctx,
      {
        to: t.chain.contracts.perkCollection,
        data: claimData(user.walletAddress, collectionId),
        userAddress: user.walletAddress,
        metadata: { action: 'claim_perk', perkId: String(collectionId), permit },
      },
      { ...options, accessToken: user.accessToken, origin: 'https://shop.cafe.example' },
    )
    expect(result).toMatchObject({
      success: true,
      status: 'confirmed',
      from: t.chain.relayer.address.toLowerCase(),
      to: t.chain.contracts.perkCollection.toLowerCase(),
    })
    expect(result.permitTransactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(rateLimit).toMatchObject({ limit: 35, remaining: 34 })
    expect(await t.balanceOf(user.walletAddress)).toBe(15n * WEI)
    expect(await t.balanceOf(brandId)).toBe(10n * WEI)
    const claims = await t.publicClient.readContract({
      address: t.chain.contracts.perkCollection,
      abi: perkCollectionAbi,
      functionName: 'claimsOf',
      args: [BigInt(collectionId), user.walletAddress as Address],
    })
    expect(claims).toBe(1n)
    const userGas = await getRelayGasUsage(ctx, { subject: 'user', id: user.walletAddress })
    const brandGas = await getRelayGasUsage(ctx, { subject: 'brand', id: brandId })
    expect(userGas.transactions).toBe(2) // permit + claim
    expect(userGas.gasUsed).toBeGreaterThan(Number(result.gasUsed))
    expect(brandGas.gasUsed).toBeGreaterThanOrEqual(userGas.gasUsed)
    const stored = await ctx.storage.relay.getTransaction(result.transactionHash)
    expect(stored).toMatchObject({ status: 'confirmed', kind: 'call', functionName: 'claimFor', brandId })
  })

  it('tolerates a front-run permit, and refuses invalid, expired and misdirected permits before any transaction', async () => {
    const user = await login()
    await mintTo(user.walletAddress, 50n)
    const permit = await permitFor(user, 10n * WEI)
    // Someone else submits the user's permit first: the allowance is in place, the relay goes on.
    const [, , , frontRunnerKey] = TEST_PRIVATE_KEYS
    const frontRunner = createWalletClient({
      account: privateKeyToAccount(frontRunnerKey as Hex),
      transport: t.chain.transport,
      chain: t.publicClient.chain,
    })
    const hash = await frontRunner.writeContract({
      address: t.chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName: 'permit',
      args: [
        permit.owner as Address,
        permit.spender as Address,
        BigInt(permit.value),
        BigInt(permit.deadline),
        permit.v,
        permit.r,
        permit.s,
      ],
      chain: t.publicClient.chain,
    })
    await t.publicClient.waitForTransactionReceipt({ hash })
    const request = (p: Record<string, unknown>) => ({
      to: t.chain.contracts.perkCollection,
      data: claimData(user.walletAddress, collectionId),
      userAddress: user.walletAddress,
      metadata: { permit: p as never },
    })
    const { result } = await relay(ctx, request(permit), { accessToken: user.accessToken })
    expect(result.status).toBe('confirmed')
    expect(result.permitTransactionHash).toBeUndefined()

    const sentBefore = relaySenderOf(ctx).stats().sent
    const fresh = await permitFor(user, 10n * WEI)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...fresh, s: `0x${'11'.repeat(32)}` }, 'PERMIT_INVALID'],
      [{ ...fresh, deadline: Math.floor(Date.now() / 1000) - 10 }, 'PERMIT_EXPIRED'],
      [{ ...fresh, spender: t.chain.contracts.pointsSale }, 'PERMIT_SPENDER_NOT_ALLOWED'],
      [{ ...fresh, owner: t.chain.relayer.address }, 'PERMIT_OWNER_MISMATCH'],
    ]
    for (const [p, reason] of cases) {
      const e = await failure(relay(ctx, request(p), { accessToken: user.accessToken }))
      expect(e.code, reason).toBe('VALIDATION_FAILED')
      expect((e.details as { reason: string }).reason).toBe(reason)
    }
    expect(relaySenderOf(ctx).stats().sent).toBe(sentBefore)
  })

  it('refuses the claim past maxPerUser with 409 before execution, and calls acting for someone else', async () => {
    const user = await login()
    await mintTo(user.walletAddress, 100n)
    const claim = async () =>
      relay(
        ctx,
        {
          to: t.chain.contracts.perkCollection,
          data: claimData(user.walletAddress, collectionId),
          userAddress: user.walletAddress,
          metadata: { permit: await permitFor(user, 10n * WEI) },
        },
        { ...options, accessToken: user.accessToken },
      )
    await claim()
    await claim()
    const hourlyWindow = () =>
      ctx.storage.rateLimits.peek({
        key: `relay:user:${user.walletAddress}`,
        limit: 35,
        windowMs: 3_600_000,
        now: Date.now(),
      })
    const before = (await hourlyWindow()).count
    const e = await failure(claim())
    expect(e.code).toBe('CLAIM_LIMIT_REACHED')
    expect(e.category).toBe('conflict')
    expect(e.details).toEqual({ collectionId: String(collectionId), currentClaims: 2, maxPerUser: 2 })
    expect(e.message).toMatch(/claim limit reached/i)
    // Refused before execution: not counted against the hourly limit.
    expect((await hourlyWindow()).count).toBe(before)

    const other = await login()
    const forOther = await failure(
      relay(
        ctx,
        {
          to: t.chain.contracts.perkCollection,
          data: claimData(other.walletAddress, freeCollectionId),
          userAddress: user.walletAddress,
        },
        { accessToken: user.accessToken },
      ),
    )
    expect(forOther.code).toBe('VALIDATION_FAILED')
    expect(forOther.details).toMatchObject({ reason: 'ACTS_FOR_ANOTHER_ADDRESS', allowed: [user.walletAddress] })
  })

  it('recovers when another sender used the relayer nonce, and from a transaction stored but never broadcast', async () => {
    const user = await login()
    const claimFree = (u = user) =>
      relay(
        ctx,
        {
          to: t.chain.contracts.perkCollection,
          data: claimData(u.walletAddress, freeCollectionId),
          userAddress: u.walletAddress,
        },
        { accessToken: u.accessToken },
      )
    await claimFree()
    // Another tool spends the relayer's next nonce behind our back.
    const relayerWallet = createWalletClient({
      account: t.chain.relayer,
      transport: t.chain.transport,
      chain: t.publicClient.chain,
    })
    await relayerWallet.sendTransaction({
      to: t.chain.relayer.address,
      value: 0n,
      gas: 21_000n,
      maxFeePerGas: 50_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      chain: t.publicClient.chain,
    })
    const requeuedBefore = relaySenderOf(ctx).stats().requeued
    const { result } = await claimFree()
    expect(result.status).toBe('confirmed')
    // Its first signature used the taken nonce: refused, resynced from the chain, signed again.
    expect(relaySenderOf(ctx).stats().requeued).toBe(requeuedBefore + 1)

    // A crash after storing a signed transaction and before broadcasting it: the next sender of the
    // process (a restart) broadcasts it first, so its nonce leaves no gap.
    const scope = { chainId: t.chain.chainId, address: t.chain.relayer.address.toLowerCase() }
    const nonce = await ctx.storage.nonces.reserve(scope)
    const data = claimData(user.walletAddress, freeCollectionId)
    const stored = await storedRelayTx({ nonce, data, userAddress: user.walletAddress, status: 'signed' })
    const raw = stored.raw as Hex
    await ctx.storage.relay.recordTransactions([stored])
    const restarted = createRelaySender(ctx, t.chain)
    const outcome = await restarted.send(claimIntent(data, user.walletAddress))
    expect(outcome.nonce).toBe(nonce + 1)
    expect(outcome.receipt.status).toBe('success')
    expect(await ctx.storage.relay.getTransaction(keccak256(raw))).toMatchObject({ status: 'confirmed' })
    expect(restarted.stats().recoveries).toBe(1)

    // A crash after reserving a nonce and before storing its transaction leaves a gap: the chain
    // refuses the next nonce as too high, the sender releases the missing one and signs again.
    await ctx.storage.nonces.reserve(scope)
    const afterGap = await restarted.send(claimIntent(data, user.walletAddress))
    expect(afterGap.receipt.status).toBe('success')
    expect(afterGap.nonce).toBe(nonce + 2)
    expect(restarted.stats().requeued).toBeGreaterThanOrEqual(1)
  })

  it('recovers a nonce with a stuck transaction and its replacement: the newest goes out, the nonce stays used', async () => {
    const user = await login()
    const scope = { chainId: t.chain.chainId, address: t.chain.relayer.address.toLowerCase() }
    const nonce = await ctx.storage.nonces.reserve(scope)
    const data = claimData(user.walletAddress, freeCollectionId)
    const attempt = (maxFeePerGas: bigint) =>
      storedRelayTx({ nonce, data, userAddress: user.walletAddress, status: 'sent', maxFeePerGas })
    // Stored by a process that died while both waited in a node's pool (which then lost them).
    const stuck = await attempt(40_000_000_000n)
    const replacement = await attempt(45_000_000_000n)
    await ctx.storage.relay.recordTransactions([stuck, replacement])

    const restarted = createRelaySender(ctx, t.chain)
    const outcome = await restarted.send(claimIntent(data, user.walletAddress))
    expect(outcome.nonce).toBe(nonce + 1)
    expect(await ctx.storage.relay.getTransaction(replacement.txHash)).toMatchObject({ status: 'confirmed' })
    expect(await ctx.storage.relay.getTransaction(stuck.txHash)).toMatchObject({
      status: 'dropped',
      error: `replaced by ${replacement.txHash}`,
    })
    expect((await ctx.storage.nonces.peek(scope)).released).not.toContain(nonce)
    expect((await t.publicClient.getTransactionReceipt({ hash: replacement.txHash as Hex })).status).toBe('success')
  })

  it('relays 20 concurrent claims of 20 users, each confirmed with its own nonce', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => login()))
    const results = await Promise.all(
      users.map((u) =>
        relay(
          ctx,
          {
            to: t.chain.contracts.perkCollection,
            data: claimData(u.walletAddress, freeCollectionId),
            userAddress: u.walletAddress,
          },
          { accessToken: u.accessToken },
        ),
      ),
    )
    expect(results.every((r) => r.result.status === 'confirmed')).toBe(true)
    const nonces = await Promise.all(
      results.map(async (r) => (await ctx.storage.relay.getTransaction(r.result.transactionHash))?.nonce),
    )
    expect(new Set(nonces).size).toBe(20)
  })

  it('applies the hourly limit and daily gas budgets from storage', async () => {
    const user = await login()
    const call = (o: RelayOptions) =>
      relay(
        ctx,
        {
          to: t.chain.contracts.perkCollection,
          data: claimData(user.walletAddress, freeCollectionId),
          userAddress: user.walletAddress,
        },
        { ...o, accessToken: user.accessToken },
      )
    await call({ transactionsPerHour: 2 })
    await call({ transactionsPerHour: 2 })
    const limited = (await failure(call({ transactionsPerHour: 2 }))) as unknown as {
      code: string
      rateLimit: { limit: number; remaining: number; reset: number }
    }
    expect(limited.code).toBe('RATE_LIMIT_EXCEEDED')
    expect(limited.rateLimit).toMatchObject({ limit: 2, remaining: 0 })
    const budget = await failure(call({ userDailyGasBudget: 10_000 }))
    expect(budget.code).toBe('GAS_BUDGET_EXCEEDED')
    expect(budget.category).toBe('rate_limit')
    const brandBudget = await failure(call({ brandDailyGasBudget: 10_000 }))
    expect(brandBudget.details).toMatchObject({ scope: 'brand', brandId })
  })

  it('refuses to sign over the 100 gwei fee cap (503 GAS_PRICE_CAP_EXCEEDED), nothing stored', async () => {
    await t.rpc('hardhat_setNextBlockBaseFeePerGas', ['0x2e90edd000']) // 200 gwei
    await t.rpc('evm_mine')
    const sender = createRelaySender(ctx, t.chain)
    const user = await login()
    const e = await failure(
      sender.send({
        kind: 'call',
        to: t.chain.contracts.perkCollection,
        data: claimData(user.walletAddress, freeCollectionId),
        gas: 300_000n,
        functionName: 'claimFor',
        userAddress: user.walletAddress,
        brandId,
      }),
    )
    expect(e.code).toBe('GAS_PRICE_CAP_EXCEEDED')
    expect(e.category).toBe('unavailable')
    expect(
      await ctx.storage.relay.listUnsettled({ chainId: t.chain.chainId, signer: t.chain.relayer.address }),
    ).toEqual([])
    await t.rpc('hardhat_setNextBlockBaseFeePerGas', ['0x3b9aca00']) // back to 1 gwei
    await t.rpc('evm_mine')
  })
})
