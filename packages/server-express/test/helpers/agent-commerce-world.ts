import { randomUUID } from 'node:crypto'
import type { LedgerEntry } from '@loyaltykit/engine'
import { beforeAll } from 'vitest'
import { useAgentUsersWorld } from './agent-users-world'
import { WEI } from './custodial-user'
import type { TestDialect } from './test-databases'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * The users world (agent-users-world.ts: ann holds 150 tokens, claimed Tea at Shop, reached her limit
 * of 1 on Shop's account_creation and purchase; perks Coffee Shop 50 (perk category dining), Tea
 * Shop 30 (1 per user), Dinner Cafe 140, Spa Cafe 500) plus, for the commerce tools and the
 * leaderboard: Shop retail, Cafe and Diner dining; Cafe place_order 400 (unlimited, 24 h cooldown),
 * Diner purchase 500; perk Mug at Shop 400 with code MUG5, Tea's code TEA10; reward ledger entries at
 * Diner: w1 50 (2 h ago) and 30 (10 days), w2 70 (3 days), w3 200 (40 days).
 */
export function useAgentCommerceWorld(dialect: TestDialect) {
  const world = useAgentUsersWorld(dialect)
  const { f, ids } = world
  const board = { w1: '', w2: '', w3: '' }
  const perk = { mug: '', spa: '', dinner: '', coffee: '' }

  beforeAll(async () => {
    const { engine, storage } = f.s.runtime
    const now = Date.now()
    await engine.brands.update({ brandId: f.shopId, category: 'retail' })
    await engine.brands.update({ brandId: f.cafeId, category: 'dining' })
    await engine.brands.update({ brandId: ids.diner, category: 'dining' })
    await engine.rules.set({ brandId: f.cafeId, eventType: 'place_order', rewardAmount: 400, maxClaims: -1 })
    await engine.rules.set({ brandId: ids.diner, eventType: 'purchase', rewardAmount: 500 })
    perk.mug = (
      await engine.perks.create({ brandId: f.shopId, name: 'Mug', price: 400, maxSupply: 10, discountCode: 'MUG5' })
    ).id
    await storage.perks.update(ids.tea, { discountCode: 'TEA10' }, now)
    for (const p of await storage.perks.list()) {
      if (p.name === 'Spa') perk.spa = p.id
      if (p.name === 'Dinner') perk.dinner = p.id
      if (p.name === 'Coffee') perk.coffee = p.id
    }
    board.w1 = `0x${'a1'.repeat(20)}`
    board.w2 = `0x${'b2'.repeat(20)}`
    board.w3 = `0x${'c3'.repeat(20)}`
    const reward = (wallet: string, amount: number, ago: number): LedgerEntry => ({
      id: randomUUID(),
      brandId: ids.diner,
      walletAddress: wallet,
      userKey: wallet,
      kind: 'reward',
      amount,
      amountWei: String(BigInt(amount) * WEI),
      sourceType: 'reward_event',
      sourceId: randomUUID(),
      counterparty: null,
      mintJobId: null,
      batchId: null,
      txHash: null,
      blockNumber: null,
      logIndex: null,
      status: 'confirmed',
      snapshot: null,
      createdAt: now - ago,
      confirmedAt: now - ago,
    })
    await storage.ledger.recordMany([
      reward(board.w1, 50, 2 * HOUR),
      reward(board.w1, 30, 10 * DAY),
      reward(board.w2, 70, 3 * DAY),
      reward(board.w3, 200, 40 * DAY),
    ])
  }, 60_000)
  return { ...world, board, perk }
}
