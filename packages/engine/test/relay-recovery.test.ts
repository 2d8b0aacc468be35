import { createRelaySender, type EngineContext } from '@loyaltykit/engine'
import { relaySenderOf } from '@loyaltykit/engine/testing'
import { createWalletClient, type Hex, keccak256 } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { relay } from '../src/relay/relay'
import type { MintingTestChain } from './minting-test-chain'
import { useRelayWorld } from './support/relay-world'
import { testDatabases } from './support/test-databases'

describe.each(testDatabases())('relay recovery (engine) on $dialect', (db) => {
  const w = useRelayWorld(db)
  const { login, claimData, claimIntent, storedRelayTx } = w
  let t: MintingTestChain
  let ctx: EngineContext
  let freeCollectionId: number
  beforeAll(() => {
    ;({ t, ctx, freeCollectionId } = w)
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
})
