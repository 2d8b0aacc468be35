import { randomBytes } from 'node:crypto'
import { createRelaySender, isLoyaltyError, type RelayTxIntent } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { type Address, createPublicClient, custom, type Hash, type PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MintingTestChain, startMintingTestChain } from './minting-test-chain'
import { type FreshDatabase, testDatabases } from './support/test-databases'

/** A plain call of the relayer account (to a fresh address, no data): 21,000 gas, nothing to set up. */
const intent = (): RelayTxIntent => ({
  kind: 'call',
  to: `0x${randomBytes(20).toString('hex')}` as Address,
  data: '0x',
  gas: 21_000n,
  functionName: 'ping',
  userAddress: null,
  brandId: null,
})

describe.each(testDatabases())('relay sender lifetime on $dialect', (db) => {
  let database: FreshDatabase
  let t: MintingTestChain

  beforeAll(async () => {
    database = await db.create()
    t = await startMintingTestChain()
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await database?.destroy()
  })

  it('start() recovers a transaction a broken process stored but could not broadcast, before any send', async () => {
    const ctx = createTestContext(database.storage, { chain: t.chain })
    // A node that refuses every broadcast with network trouble: the transaction stays stored, `signed`.
    const unreachable = createPublicClient({
      chain: t.publicClient.chain,
      transport: custom({
        async request(args: { method: string; params?: unknown }) {
          if (args.method === 'eth_sendRawTransaction') throw new Error('socket hang up')
          return t.provider.request(args as never)
        },
      }),
    }) as PublicClient
    const broken = createRelaySender(ctx, { ...t.chain, publicClient: unreachable })
    const refused = await broken.send(intent()).catch((e: unknown) => e)
    expect(isLoyaltyError(refused) && refused.code).toBe('RELAY_BROADCAST_FAILED')
    const txHash = (refused as { details: { transactionHash: Hash } }).details.transactionHash
    expect(await ctx.storage.relay.getTransaction(txHash)).toMatchObject({ status: 'signed' })
    await broken.stop()

    const sender = createRelaySender(ctx, t.chain)
    sender.start()
    await sender.drain({ timeoutMs: 10_000 })
    expect(sender.stats()).toMatchObject({ recoveries: 1, groups: 0 })
    expect(await ctx.storage.relay.getTransaction(txHash)).toMatchObject({ status: 'confirmed' })
    expect((await t.publicClient.getTransactionReceipt({ hash: txHash })).status).toBe('success')
    await sender.stop()
  })

  it('drain() waits for every queued send; stop() then refuses new sends with 503 RELAY_SENDER_STOPPED', async () => {
    const ctx = createTestContext(database.storage, { chain: t.chain })
    const sender = createRelaySender(ctx, t.chain)
    sender.start()
    const outcomes: Array<{ nonce: number } | undefined> = Array.from({ length: 12 }, () => undefined)
    const sends = outcomes.map((_, i) =>
      sender.send(intent()).then((o) => {
        outcomes[i] = o
      }),
    )
    await sender.drain({ timeoutMs: 10_000 })
    // Drained: every request was answered before drain resolved.
    expect(outcomes.every((o) => o !== undefined)).toBe(true)
    expect(new Set(outcomes.map((o) => o?.nonce)).size).toBe(12)
    await Promise.all(sends)

    await sender.stop()
    const refused = await sender.send(intent()).catch((e: unknown) => e)
    expect(isLoyaltyError(refused) && refused.code).toBe('RELAY_SENDER_STOPPED')
    expect(isLoyaltyError(refused) && refused.category).toBe('unavailable')
  })
})
