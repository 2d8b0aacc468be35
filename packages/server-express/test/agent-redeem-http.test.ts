import { perkCollectionAbi } from '@loyaltykit/contracts'
import { encodeFunctionData } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AgentCredentials } from './helpers/agent-client'
import { AGENT_USER_EMAIL as EMAIL, useAgentServer } from './helpers/agent-fixture'
import { claimedOf, fundAtShop } from './helpers/agent-redeem-support'
import { testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const WEI = 10n ** 18n

// POST /api/v1/perks/redeem (loyalty_agent_redeem_perk) over HTTP on the real chain: one
// redemption end to end (permit signed with the custodial key, claimFor through the relay sender,
// the ledger, the confirmation code and its proof), idempotency keys, one member's concurrent
// redemptions, every refusal (nothing spent). The 50-way race: agent-redeem-concurrency-http.test.ts.
describe.each(testDialects)('agent redeem_perk over HTTP on $dialect', (dialect) => {
  const f = useAgentServer(dialect)
  let agent: AgentCredentials
  beforeAll(async () => {
    agent = await f.createKey('--tier', 'free', '--rate', '1000')
  })
  const engine = () => f.s.runtime.engine
  const chain = () => f.s.runtime.chain as NonNullable<typeof f.s.runtime.chain>
  const perkOf = async (name: string) => {
    const perks = await f.s.runtime.storage.perks.listForBrand(f.shopId)
    const perk = perks.find((p) => p.name === name)
    if (!perk) throw new Error(`no perk ${name}`)
    return perk
  }
  const redeem = (body: Record<string, unknown>, as: AgentCredentials = agent, query = '') =>
    f.call('POST', `/api/v1/perks/redeem${query}`, { as, body })

  it('redeems a perk for a member: permit + claimFor on chain, the ledger, a confirmation code with its proof', async () => {
    const coffee = await perkOf('Coffee')
    const r = await redeem({ perkId: coffee.id, userId: EMAIL, brandId: f.shopId })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_redeem_perk')
    const d = r.body.data
    expect(d).toEqual({
      redemptionId: `${coffee.collectionId}:${d.tokenId}`,
      confirmationCode: expect.stringMatching(/^LK-[2-9A-Z]{10}$/),
      perk: { id: coffee.id, name: 'Coffee', cost: 50, category: 'dining' },
      pointsSpent: 50,
      newBalance: 50,
      walletAddress: f.wallet,
      tokenId: expect.stringMatching(/^\d+$/),
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      replayed: false,
    })
    // 100 rewarded − 50 spent, on chain; one more claimed of the collection.
    expect(await tokenBalance(f.s, f.wallet)).toBe(50n * WEI)
    expect(await claimedOf(f, coffee.collectionId)).toBe(1n)
    // The ledger: −50 redeemed by the member at Shop, +50 to the brand; the app row names the agent key.
    const balance = await f.call('GET', `/api/v1/users/${f.wallet}/brands/${f.shopId}/balance`, { as: agent })
    expect(balance.body.data).toMatchObject({ balance: 50, totalEarned: 100, totalRedeemed: 50, pending: 0 })
    const entries = await f.s.runtime.storage.ledger.listBySource({
      sourceType: 'perk_claim',
      sourceId: d.redemptionId,
    })
    expect(entries.map((e) => [e.kind, e.walletAddress, e.amount, e.status]).sort()).toEqual(
      [
        ['redemption', f.wallet, -50, 'confirmed'],
        ['transfer', f.shopId, 50, 'confirmed'],
      ].sort(),
    )
    const row = await f.s.runtime.storage.perkRedemptions.findByClaim({
      collectionId: String(coffee.collectionId),
      tokenId: d.tokenId,
    })
    expect(row).toMatchObject({ source: 'agent', agentKeyId: agent.keyId, userKey: `email:${EMAIL}`, price: '50' })
    // The proof finds the claim by its redemptionId and by its code.
    for (const id of [d.redemptionId, d.confirmationCode]) {
      const proof = await fetch(`${f.s.base}/loyalty-api/redemptions/${encodeURIComponent(id)}`)
      expect(proof.status, id).toBe(200)
      expect(await proof.json()).toMatchObject({ transactionHash: d.transactionHash, walletAddress: f.wallet })
    }
  })

  it('answers a repeated idempotency key with the first redemption; the same key for another perk is refused', async () => {
    const coffee = await perkOf('Coffee')
    const body = { perkId: coffee.id, userId: EMAIL, brandId: f.shopId, idempotencyKey: 'order-1' }
    const first = await redeem(body, agent, '?n=1')
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.data).toMatchObject({ pointsSpent: 50, newBalance: 0, replayed: false })
    const again = await redeem(body, agent, '?n=2')
    expect(again.status).toBe(200)
    expect(again.body.data).toEqual({ ...first.body.data, replayed: true })
    expect(await tokenBalance(f.s, f.wallet)).toBe(0n)
    expect(await claimedOf(f, coffee.collectionId)).toBe(2n)

    await engine().perks.create({ brandId: f.shopId, name: 'Mug', price: 1, maxSupply: 5 })
    const other = await redeem({ ...body, perkId: (await perkOf('Mug')).id }, agent, '?n=3')
    expect(other.status).toBe(400)
    expect(other.body.error).toMatchObject({ code: 'validation', status: 400 })
    expect(other.body.error.message).toMatch(/idempotency key/)
  })

  it("runs one member's concurrent redemptions one at a time; concurrent retries of one key redeem once", async () => {
    const wallet = await fundAtShop(f, 'carol@example.com')
    await engine().perks.create({ brandId: f.shopId, name: 'Pin', price: 10, maxSupply: 50 })
    const pin = await perkOf('Pin')
    const body = { perkId: pin.id, userId: 'carol@example.com', brandId: f.shopId }
    // Five at once, each its own permit and claim: all succeed (no shared permit nonce or allowance).
    const five = await Promise.all([1, 2, 3, 4, 5].map((n) => redeem(body, agent, `?n=${n}`)))
    expect(five.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(five.map((a) => a.body.data.newBalance).sort((a, b) => a - b)).toEqual([50, 60, 70, 80, 90])
    // Three retries of one key at once: one redemption, answered three times.
    const keyed = { ...body, idempotencyKey: 'carol-once' }
    const three = await Promise.all([1, 2, 3].map((n) => redeem(keyed, agent, `?k=${n}`)))
    expect(three.map((a) => a.status)).toEqual([200, 200, 200])
    expect(new Set(three.map((a) => a.body.data.redemptionId)).size).toBe(1)
    expect(three.filter((a) => a.body.data.replayed)).toHaveLength(2)
    expect(await tokenBalance(f.s, wallet)).toBe(40n * WEI)
    expect(await claimedOf(f, pin.collectionId)).toBe(6n)
  })

  it('refuses, spending nothing: not enough points, per-user limit, sold out, inactive, another brand’s perk, out of scope', async () => {
    const bob = await fundAtShop(f, 'bob@example.com')
    await engine().perks.create({ brandId: f.shopId, name: 'Lamp', price: 500, maxSupply: 5 })
    await engine().perks.create({ brandId: f.shopId, name: 'Sticker', price: 10, maxSupply: 5, maxPerUser: 1 })
    await engine().perks.create({ brandId: f.shopId, name: 'Poster', price: 10, maxSupply: 1 })
    await engine().perks.create({ brandId: f.shopId, name: 'Hat', price: 10, maxSupply: 5 })
    const [lamp, sticker, poster, hat] = await Promise.all(['Lamp', 'Sticker', 'Poster', 'Hat'].map(perkOf))
    const hatId = BigInt(hat?.collectionId ?? 0)
    await f.s.runtime.relaySender?.send({
      kind: 'operator',
      to: chain().contracts.perkCollection,
      data: encodeFunctionData({ abi: perkCollectionAbi, functionName: 'setActive', args: [hatId, false] }),
      gas: 200_000n,
      functionName: 'setActive',
      userAddress: null,
      brandId: f.shopId,
    })
    const user = { userId: 'bob@example.com', brandId: f.shopId }
    expect((await redeem({ ...user, perkId: sticker?.id })).status).toBe(200)
    expect((await redeem({ ...user, perkId: poster?.id }, await f.createKey('--tier', 'free'))).status).toBe(200)

    const block = await chain().publicClient.getBlockNumber({ cacheTime: 0 })
    const cases: Array<[string, Record<string, unknown>, number, string | RegExp]> = [
      ['insufficient_balance', { ...user, perkId: lamp?.id }, 400, /Not enough points/],
      ['per_user_limit', { ...user, perkId: sticker?.id }, 400, /as often as allowed/],
      ['sold_out', { ...user, perkId: poster?.id }, 400, /sold out/],
      ['inactive', { ...user, perkId: hat?.id }, 400, /not active/],
      ['another brand', { ...user, brandId: f.cafeId, perkId: lamp?.id }, 404, /No such perk/],
      ['unknown user', { ...user, userId: 'nobody@example.com', perkId: lamp?.id }, 404, /No wallet/],
      ['missing perkId', { ...user }, 400, 'Invalid input'],
    ]
    for (const [name, body, status, message] of cases) {
      // A query of its own: the same body signed in the same second would be a replayed signature.
      const r = await redeem(body, agent, `?case=${encodeURIComponent(name)}`)
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(status)
      expect(r.body.error.message, name).toMatch(message)
    }
    const scoped = await f.createKey('--tier', 'free', '--brand', f.cafeId)
    const outside = await redeem({ ...user, perkId: lamp?.id }, scoped)
    expect(outside.status).toBe(403)
    expect(outside.body.error).toMatchObject({ code: 'forbidden', details: { reason: 'brand_scope' } })
    const unsigned = await f.call('POST', '/api/v1/perks/redeem', { body: { ...user, perkId: lamp?.id } })
    expect(unsigned.status).toBe(401)
    // Nothing reached the chain, and bob paid only for the two perks he got.
    expect(await chain().publicClient.getBlockNumber({ cacheTime: 0 })).toBe(block)
    expect(await tokenBalance(f.s, bob)).toBe(80n * WEI)
  })
})
