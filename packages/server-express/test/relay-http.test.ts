import { perkCollectionAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import type { Address, Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { EXPLORER, type Login, SITE, useRelayHttpWorld } from './helpers/relay-http-world'
import { testDialects } from './helpers/test-databases'

const WEI = 10n ** 18n

// Refusals: relay-refusals-http.test.ts; rate limits: relay-rate-limits-http.test.ts; perk charges:
// perk-charges-http.test.ts.
describe.each(testDialects)('relayer over HTTP on $dialect', ({ create }) => {
  const w = useRelayHttpWorld(create)
  const { call, login, claimData, relay, claimFree, read } = w

  let claimer: Login

  it('claims a perk for a user with 0 ETH, with a permit signed through the user wallet API', async () => {
    claimer = await login()
    const { jobId } = await w.s.runtime.engine.mint.enqueue({
      idempotencyKey: `relay-test:${claimer.walletAddress}`,
      to: claimer.walletAddress,
      amount: 25,
      source: 'bonus',
    })
    expect((await w.s.runtime.engine.mint.wait({ jobId }, { timeoutMs: 30_000 })).status).toBe('confirmed')
    expect(await w.chain.publicClient.getBalance({ address: claimer.walletAddress })).toBe(0n)

    const token = w.chain.contracts.pointsToken
    const [, name, version] = await read<readonly [Hex, string, string]>(token, pointsTokenAbi, 'eip712Domain', [])
    const nonce = await read<bigint>(token, pointsTokenAbi, 'nonces', [claimer.walletAddress])
    const typedData = {
      domain: { name, version, chainId: w.chain.chainId, verifyingContract: token },
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
        owner: claimer.walletAddress,
        spender: w.chain.contracts.perkCollection,
        value: (10n * WEI).toString(),
        nonce: nonce.toString(),
        deadline: Math.floor(Date.now() / 1000) + 3600,
      },
    }
    const signRes = await call('POST', '/wallet/sign-typed-data', {
      token: claimer.accessToken,
      body: typedData,
      headers: { origin: SITE },
    })
    expect(signRes.status).toBe(200)
    const { permit } = await signRes.json()

    const res = await relay(claimer, {
      to: w.chain.contracts.perkCollection,
      data: claimData(claimer.walletAddress, w.perkId),
      metadata: { action: 'claim_perk', perkId: String(w.perkId), permit },
      timestamp: Date.now(), // unknown fields are ignored
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(res.headers.get('x-ratelimit-limit')).toBe('35')
    expect(res.headers.get('x-ratelimit-remaining')).toBe('34')
    const result = await res.json()
    expect(result).toMatchObject({
      success: true,
      status: 'confirmed',
      from: w.chain.relayer.address.toLowerCase(),
      to: w.chain.contracts.perkCollection.toLowerCase(),
    })
    expect(result.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(result.explorerUrl).toBe(`${EXPLORER}/tx/${result.transactionHash}`)
    expect(BigInt(result.gasUsed)).toBeGreaterThan(21_000n)
    expect(BigInt(result.effectiveGasPrice)).toBeLessThanOrEqual(100_000_000_000n)
    expect(Number.isInteger(result.blockNumber)).toBe(true)

    const receipt = await w.chain.publicClient.getTransactionReceipt({ hash: result.transactionHash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(w.chain.relayer.address.toLowerCase())
    expect(await read<bigint>(token, pointsTokenAbi, 'balanceOf', [claimer.walletAddress])).toBe(15n * WEI)
    expect(await read<bigint>(token, pointsTokenAbi, 'balanceOf', [w.brand.id])).toBe(10n * WEI)
    expect(await w.chain.publicClient.getBalance({ address: claimer.walletAddress })).toBe(0n)
    const claimedTokenId = await read<bigint>(w.chain.contracts.perkCollection, perkCollectionAbi, 'tokenCount', [])
    const owner = await read<Address>(w.chain.contracts.perkCollection, perkCollectionAbi, 'ownerOf', [claimedTokenId])
    expect(owner.toLowerCase()).toBe(claimer.walletAddress)
  })

  it('refuses a claim past the collection maximum per user with 409 CLAIM_LIMIT_REACHED', async () => {
    const res = await relay(claimer, {
      to: w.chain.contracts.perkCollection,
      data: claimData(claimer.walletAddress, w.perkId),
    })
    expect(res.status).toBe(409)
    const body = await res.json()
    expect(body).toEqual({
      error: expect.stringMatching(/claim limit reached/i),
      code: 'CLAIM_LIMIT_REACHED',
      details: { collectionId: String(w.perkId), currentClaims: 1, maxPerUser: 1 },
    })
  })

  it('relays 50 concurrent transactions of 50 users, all confirmed with distinct nonces', async () => {
    const users = await Promise.all(Array.from({ length: 50 }, () => login()))
    const responses = await Promise.all(users.map((u) => claimFree(u)))
    const bodies = await Promise.all(responses.map((r) => r.json()))
    expect(responses.map((r) => r.status)).toEqual(users.map(() => 200))
    expect(bodies.every((b) => b.status === 'confirmed')).toBe(true)
    const receipts = await Promise.all(
      bodies.map((b) => w.chain.publicClient.getTransactionReceipt({ hash: b.transactionHash })),
    )
    expect(receipts.every((r) => r.status === 'success')).toBe(true)
    const txs = await Promise.all(bodies.map((b) => w.chain.publicClient.getTransaction({ hash: b.transactionHash })))
    expect(new Set(txs.map((t) => t.nonce)).size).toBe(50)
    for (const u of users) {
      expect(
        await read<bigint>(w.chain.contracts.perkCollection, perkCollectionAbi, 'claimsOf', [
          BigInt(w.freePerkId),
          u.walletAddress,
        ]),
      ).toBe(1n)
    }
  })

  it('records the gas spent per user and per brand', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const userGas = await w.s.runtime.engine.relay.getGasUsage({
      subject: 'user',
      id: claimer.walletAddress,
      day: today,
    })
    expect(userGas.transactions).toBe(2) // the permit and the claim
    const brandGas = await w.s.runtime.engine.relay.getGasUsage({ subject: 'brand', id: w.brand.id })
    expect(brandGas.transactions).toBeGreaterThan(50) // the claim and the 50 concurrent ones
    expect(brandGas.gasUsed).toBeGreaterThan(userGas.gasUsed)
  })
})
