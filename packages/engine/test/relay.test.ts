import { perkCollectionAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { createRelaySender, type EngineContext, type RelayOptions } from '@loyaltykit/engine'
import { relaySenderOf } from '@loyaltykit/engine/testing'
import { type Address, createWalletClient, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { TEST_PRIVATE_KEYS } from '../../contracts/test/edr'
import { getRelayGasUsage } from '../src/relay/get-relay-gas-usage'
import { relay } from '../src/relay/relay'
import type { MintingTestChain } from './minting-test-chain'
import { failure, useRelayWorld, WEI } from './support/relay-world'
import { testDatabases } from './support/test-databases'

// Recovery of the relayer's nonce after a crash or another sender: relay-recovery.test.ts.
describe.each(testDatabases())('relay (engine) on $dialect', (db) => {
  const w = useRelayWorld(db)
  const { options, login, claimData, mintTo, permitFor } = w
  let t: MintingTestChain
  let ctx: EngineContext
  let brandId: string
  let collectionId: number
  let freeCollectionId: number
  beforeAll(() => {
    ;({ t, ctx, brandId, collectionId, freeCollectionId } = w)
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
