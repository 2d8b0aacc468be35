import { perkCollectionAbi } from '@loyaltykit/contracts'
import { type ChainPort, createRelaySender, type EngineContext, type RelaySender } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { type Address, createPublicClient, type Transport } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { createPerk } from '../src/perks/create-perk'
import { recoverPendingRedemptions } from '../src/perks/recover-pending-redemptions'
import { redeemForMember } from '../src/perks/redeem-for-member'
import { useRelayWorld } from './support/relay-world'
import { testDatabases } from './support/test-databases'

/**
 * A redemption for a member is crash-safe (docs/perks.md "Redemption states"): a pending redemption
 * is committed before its claim is signed, and whatever finds it later (a retry with its key, the
 * recovery, another engine) settles it from the chain instead of claiming again. The "crash" is the
 * process stopping right after the relay sender answered the claim, before the engine wrote the
 * redemption's row: a relay sender whose `send` throws once the claim is mined (an error the engine
 * does not know, as after a kill: nothing is settled on the way out).
 */
describe.each(testDatabases())('a crash between the perk claim and its redemption row on $dialect', (db) => {
  const w = useRelayWorld(db)
  let perkId = ''
  let collectionId = 0n

  beforeAll(async () => {
    const perk = await createPerk(w.ctx, { brandId: w.brandId, name: 'Cake', price: 10, maxPerUser: 3 })
    perkId = perk.id
    collectionId = BigInt(perk.collectionId)
  })

  /** The context of a process that dies once its claim is mined, before it writes the row. */
  function crashingAfterClaim(ctx: EngineContext): EngineContext {
    const sender = ctx.relaySender as RelaySender
    const crashing: RelaySender = {
      ...sender,
      async send(intent, options) {
        const outcome = await sender.send(intent, options)
        if (intent.functionName === 'claimFor') throw new Error('process killed after its claim was mined')
        return outcome
      },
    }
    return { ...ctx, relaySender: crashing }
  }

  async function member() {
    const { walletAddress } = await w.login()
    await w.mintTo(walletAddress, 100n)
    return walletAddress
  }

  const claimsOf = (wallet: string) =>
    w.t.publicClient.readContract({
      address: w.t.chain.contracts.perkCollection,
      abi: perkCollectionAbi,
      functionName: 'claimsOf',
      args: [collectionId, wallet as Address],
    })

  const params = (walletAddress: string, idempotencyKey?: string) => ({
    perkId,
    brandId: w.brandId,
    walletAddress,
    source: 'site' as const,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  })

  async function redemptionEntries(redemptionId: string) {
    const entries = await w.ctx.storage.ledger.listBySource({ sourceType: 'perk_claim', sourceId: redemptionId })
    return entries.filter((e) => e.kind === 'redemption')
  }

  it('a retry with the same key settles the crashed claim: one claim, one confirmed redemption, one code', async () => {
    const wallet = await member()
    await expect(redeemForMember(crashingAfterClaim(w.ctx), params(wallet, 'order-crash'))).rejects.toThrow(
      'process killed',
    )
    expect(await claimsOf(wallet)).toBe(1n)
    const scope = `site:${w.brandId}`
    const pending = await w.ctx.storage.pendingRedemptions.findByIdempotencyKey({ scope, key: 'order-crash' })
    expect(pending).toMatchObject({ state: 'pending', walletAddress: wallet })
    expect(pending?.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await w.ctx.storage.perkRedemptions.findByIdempotencyKey({ scope, key: 'order-crash' })).toBeUndefined()

    const retried = await redeemForMember(w.ctx, params(wallet, 'order-crash'))
    expect(retried).toMatchObject({ replayed: true, walletAddress: wallet, pointsSpent: 10, newBalance: 90 })
    expect(retried.confirmationCode).toMatch(/^LK-[0-9A-Z]{10}$/)
    expect(retried.transactionHash).toBe(pending?.transactionHash)
    const again = await redeemForMember(w.ctx, params(wallet, 'order-crash'))
    expect(again.confirmationCode).toBe(retried.confirmationCode)
    expect(again.redemptionId).toBe(retried.redemptionId)
    expect(await claimsOf(wallet)).toBe(1n)
    expect(await redemptionEntries(retried.redemptionId)).toHaveLength(1)
    expect(await w.ctx.storage.pendingRedemptions.get(pending?.id ?? '')).toMatchObject({
      state: 'confirmed',
      redemptionId: retried.redemptionId,
    })
  })

  it('the recovery (another engine, after the crash) confirms a claim mined while no process ran', async () => {
    const wallet = await member()
    await expect(redeemForMember(crashingAfterClaim(w.ctx), params(wallet, 'order-down'))).rejects.toThrow(
      'process killed',
    )
    const restarted = createTestContext(await w.database.connect(), { chain: w.t.chain })
    const recovered = await recoverPendingRedemptions(restarted, {})
    expect(recovered.confirmed).toBeGreaterThanOrEqual(1)
    expect(recovered.pending).toBe(0)
    const scope = `site:${w.brandId}`
    const row = await restarted.storage.perkRedemptions.findByIdempotencyKey({ scope, key: 'order-down' })
    expect(row).toMatchObject({ walletAddress: wallet, price: '10', newBalance: '90' })
    const code = await restarted.storage.redemptionCodes.findByClaim(row as { collectionId: string; tokenId: string })
    // The caller's retry, later, is answered with what the recovery wrote.
    const retried = await redeemForMember(restarted, params(wallet, 'order-down'))
    expect(retried).toMatchObject({ replayed: true, redemptionId: row?.id, confirmationCode: code?.code })
    expect(await claimsOf(wallet)).toBe(1n)
    // Nothing is left pending, and a second recovery changes nothing.
    expect(await recoverPendingRedemptions(restarted, {})).toEqual({ confirmed: 0, failed: 0, pending: 0 })
  })

  it('a pending redemption whose claim was never signed is failed by the recovery and its key redeems anew', async () => {
    const wallet = await member()
    const now = Date.now()
    const scope = `site:${w.brandId}`
    const opened = await w.ctx.storage.pendingRedemptions.open({
      id: crypto.randomUUID(),
      perkId,
      brandId: w.brandId,
      collectionId: collectionId.toString(),
      walletAddress: wallet,
      userKey: null,
      source: 'site',
      agentKeyId: null,
      idempotencyScope: scope,
      idempotencyKey: 'order-unsigned',
      state: 'pending',
      chainId: null,
      signer: null,
      nonce: null,
      transactionHash: null,
      redemptionId: null,
      error: null,
      createdAt: now,
      updatedAt: now,
    })
    expect(opened).toBe(true)
    expect(await recoverPendingRedemptions(w.ctx, {})).toMatchObject({ failed: 1, pending: 0 })
    expect(await claimsOf(wallet)).toBe(0n)
    const r = await redeemForMember(w.ctx, params(wallet, 'order-unsigned'))
    expect(r.replayed).toBe(false)
    expect(await claimsOf(wallet)).toBe(1n)
  })

  it('a claim signed and stored but never broadcast is sent again by the recovery, never signed twice', async () => {
    const wallet = await member()
    // A process whose node refuses every raw transaction from the claim on (its permit goes through).
    const base = w.t.chain.transport
    const refusing: Transport = (opts) => {
      const t = base(opts)
      const request = (async (args: { method: string }) => {
        if (args.method === 'eth_sendRawTransaction') throw new Error('socket hang up')
        return t.request(args as Parameters<typeof t.request>[0])
      }) as typeof t.request
      return { ...t, request }
    }
    const { sendRawTransactions: _, ...rest } = w.t.chain
    const cut: ChainPort = {
      ...rest,
      transport: refusing,
      publicClient: createPublicClient({ chain: w.t.publicClient.chain, transport: refusing }),
    }
    const cutSender = createRelaySender(w.ctx, cut)
    const sender = w.ctx.relaySender as RelaySender
    const routing: RelaySender = {
      ...sender,
      send: (intent, options) => (intent.functionName === 'claimFor' ? cutSender : sender).send(intent, options),
    }
    const failure = await redeemForMember(
      { ...w.ctx, chain: cut, relaySender: routing },
      params(wallet, 'order-cut'),
    ).then(
      () => undefined,
      (e: unknown) => e,
    )
    await cutSender.stop()
    expect(failure).toMatchObject({ code: 'RELAY_BROADCAST_FAILED' })
    expect(await claimsOf(wallet)).toBe(0n)
    const scope = `site:${w.brandId}`
    const pending = await w.ctx.storage.pendingRedemptions.findByIdempotencyKey({ scope, key: 'order-cut' })
    expect(pending?.state).toBe('pending')
    expect(await w.ctx.storage.relay.getTransaction(pending?.transactionHash ?? '')).toMatchObject({ status: 'signed' })

    expect(await recoverPendingRedemptions(w.ctx, {})).toMatchObject({ confirmed: 1, pending: 0 })
    expect(await claimsOf(wallet)).toBe(1n)
    const row = await w.ctx.storage.perkRedemptions.findByIdempotencyKey({ scope, key: 'order-cut' })
    expect(row?.transactionHash).toBe(pending?.transactionHash)
    const retried = await redeemForMember(w.ctx, params(wallet, 'order-cut'))
    expect(retried).toMatchObject({ replayed: true, redemptionId: row?.id })
    expect(await claimsOf(wallet)).toBe(1n)
  })
})

/** Two engines ("processes": each its own storage pool and relay sender) on one PostgreSQL database. */
describe.each(testDatabases().filter((d) => d.dialect === 'postgres'))(
  'one redemption retried at once in two engines on one $dialect database',
  (db) => {
    const w = useRelayWorld(db)

    it('claims once: both answered with the same redemption and code, one of them replayed', async () => {
      const perk = await createPerk(w.ctx, { brandId: w.brandId, name: 'Pie', price: 10, maxPerUser: 3 })
      const { walletAddress: wallet } = await w.login()
      await w.mintTo(wallet, 100n)
      const other = createTestContext(await w.database.connect(), { chain: w.t.chain })
      const params = {
        perkId: perk.id,
        brandId: w.brandId,
        walletAddress: wallet,
        source: 'site' as const,
        idempotencyKey: 'order-twice',
      }
      const [a, b] = await Promise.all([redeemForMember(w.ctx, params), redeemForMember(other, params)])
      const claims = await w.t.publicClient.readContract({
        address: w.t.chain.contracts.perkCollection,
        abi: perkCollectionAbi,
        functionName: 'claimsOf',
        args: [BigInt(perk.collectionId), wallet as Address],
      })
      expect(claims).toBe(1n)
      expect(a.redemptionId).toBe(b.redemptionId)
      expect(a.confirmationCode).toBe(b.confirmationCode)
      expect([a.replayed, b.replayed].sort()).toEqual([false, true])
      const entries = await w.ctx.storage.ledger.listBySource({ sourceType: 'perk_claim', sourceId: a.redemptionId })
      expect(entries.filter((e) => e.kind === 'redemption')).toHaveLength(1)
      await other.relaySender?.stop()
    })
  },
)
