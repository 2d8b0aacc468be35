import { randomBytes, randomUUID } from 'node:crypto'
import { perkCollectionAbi } from '@loyaltykit/contracts'
import type { LedgerEntry } from '@loyaltykit/engine'
import { encodeFunctionData } from 'viem'
import { beforeAll, expect } from 'vitest'
import { type AgentFixture, AGENT_USER_EMAIL as ANN, AGENT_SITE as SITE, useAgentServer } from './agent-fixture'
import { custodialFlows } from './custodial-flows'
import { WEI } from './custodial-user'
import type { TestDialect } from './test-databases'

const DAY = 86_400_000
const addr = () => `0x${randomBytes(20).toString('hex')}`

/**
 * The agent fixture (docs/agent-api.md tests) plus users to read: ann buys at Shop (+80, minted) and
 * claims Tea (Shop, 30, 1 per user) through the relayer: balance 150, earned 180, redeemed 30. Perks
 * Dinner (Cafe, 140 × 3) and Spa (Cafe, 500); brand Diner. Address-only users (`who`) with reward
 * events stored at past dates, and ledger redemptions. `get` is a signed GET with a 1,000/min key.
 */
export function useAgentUsersWorld(dialect: TestDialect) {
  const f: AgentFixture = useAgentServer(dialect)
  const who = {
    champ: addr(),
    fresh: addr(),
    risk: addr(),
    explorer: addr(),
    dormant: addr(),
    saver: addr(),
    redeemer: addr(),
  }
  const ids = { diner: '', tea: '' }
  /** A key allowed 1,000 signed requests a minute (these tests send more than the default 20). */
  let agent = { keyId: '', secret: '' }

  beforeAll(async () => {
    const engine = f.s.runtime.engine
    const storage = f.s.runtime.storage
    const now = Date.now()
    agent = await f.createKey('--tier', 'free', '--rate', '1000')
    await engine.events.process({ brandId: f.shopId, eventType: 'purchase', userEmail: ANN, domain: 'shop.example' })
    const tea = await engine.perks.create({ brandId: f.shopId, name: 'Tea', price: 30, maxSupply: 5, maxPerUser: 1 })
    ids.tea = tea.id
    await engine.perks.create({ brandId: f.cafeId, name: 'Dinner', price: 140, maxSupply: 3 })
    await engine.perks.create({ brandId: f.cafeId, name: 'Spa', price: 500, maxSupply: 0 })
    ids.diner = (await engine.brands.create({ name: 'Diner', websites: [] })).brand.id
    const flows = custodialFlows(f.s, { origin: SITE, brandId: f.shopId as `0x${string}` })
    const ann = await flows.client.login(ANN)
    expect(ann.walletAddress.toLowerCase()).toBe(f.wallet)
    const collection = f.s.runtime.chain?.contracts.perkCollection as `0x${string}`
    const permit = await flows.client.signPermit(ann, { spender: collection, value: 30n * WEI })
    await flows.relayed(ann, {
      to: collection,
      data: encodeFunctionData({
        abi: perkCollectionAbi,
        functionName: 'claimFor',
        args: [ann.walletAddress, BigInt(tea.collectionId)],
      }),
      metadata: { action: 'claim_perk', perkId: tea.id, permit },
    })
    await flows.client.fund({ ...ann, walletAddress: who.saver as `0x${string}` }, 100)

    const event = (
      wallet: string,
      brandId: string,
      reward: number,
      daysAgo: number,
      more: Partial<{ email: string; domain: string; metadata: Record<string, unknown> }> = {},
    ) =>
      storage.events.recordClaim(
        {
          id: randomUUID(),
          brandId,
          eventType: 'visit',
          userKey: wallet,
          userEmail: more.email ?? `${wallet}@example.com`,
          walletAddress: wallet,
          rewardAmount: reward,
          source: null,
          domain: more.domain ?? null,
          channelId: null,
          metadata: more.metadata ?? null,
          mintJobId: null,
          transactionHash: null,
          createdAt: now - daysAgo * DAY,
        },
        null,
      )
    const redemption = (wallet: string, brandId: string, points: number, daysAgo: number): LedgerEntry => ({
      id: randomUUID(),
      brandId,
      walletAddress: wallet,
      userKey: null,
      kind: 'redemption',
      amount: -points,
      amountWei: String(BigInt(-points) * WEI),
      sourceType: 'perk_claim',
      sourceId: randomUUID(),
      counterparty: brandId,
      mintJobId: null,
      batchId: null,
      txHash: null,
      blockNumber: null,
      logIndex: null,
      status: 'confirmed',
      snapshot: null,
      createdAt: now - daysAgo * DAY,
      confirmedAt: now - daysAgo * DAY,
    })
    // champ: 10 visits at Cafe (10 tokens each) 2 to 80 days ago; 5 say platform Discord, 2 come from a
    // telegram_…@ email, 2 name a domain, 1 nothing; one 40-point redemption.
    for (const [i, daysAgo] of [2, 10, 20, 30, 40, 50, 60, 70, 75, 80].entries()) {
      await event(
        who.champ,
        f.cafeId,
        10,
        daysAgo,
        i < 5
          ? { metadata: { platform: 'Discord' } }
          : i < 7
            ? { email: 'telegram_42@bots.example' }
            : i < 9
              ? { domain: 'shop.example' }
              : {},
      )
    }
    await storage.ledger.record(redemption(who.champ, f.cafeId, 40, 3))
    await event(who.fresh, f.cafeId, 100, 5)
    await event(who.risk, f.cafeId, 30, 100)
    await event(who.risk, f.cafeId, 50, 45)
    for (const [brandId, daysAgo] of [
      [f.shopId, 20],
      [f.cafeId, 25],
      [ids.diner, 40],
    ] as const)
      await event(who.explorer, brandId, 20, daysAgo)
    await event(who.dormant, f.cafeId, 10, 120)
    await event(who.saver, f.cafeId, 10, 100)
    await event(who.redeemer, f.cafeId, 100, 95)
    await storage.ledger.recordMany([
      redemption(who.redeemer, f.cafeId, 30, 94),
      redemption(who.redeemer, f.cafeId, 30, 93),
    ])
  }, 120_000)

  let nonce = 0
  /** Signed GET; a nonce in the query keeps two identical requests in one second from sharing a signature. */
  const get = (path: string) => f.call('GET', `${path}${path.includes('?') ? '&' : '?'}nonce=${nonce++}`, { as: agent })
  return { f, who, ids, get }
}
