import { perkCollectionAbi } from '@loyaltykit/contracts'
import { type Address, encodeFunctionData } from 'viem'
import { type AnalyticsWorld, useAnalyticsWorld } from './agent-analytics-world'
import { custodialFlows } from './custodial-flows'
import { WEI } from './custodial-user'
import type { TestDialect } from './test-databases'

// Brands Alpha (0), Beta (1), Gamma (2); users u0..u4. Reward events (brand, user, type, reward, days ago):
//   Alpha, last 30 days: u0 purchase 50 (1), u0 purchase 50 (2), u1 purchase 50 (3), u1 review 20 (3),
//                        u2 review 20 (10)
//   Alpha, 30–60 days:   u0 purchase 50 (40), u3 purchase 50 (45);  Alpha, older: u1 purchase 50 (100)
//   Beta, last 30 days:  u0 purchase 10 (5), u4 purchase 30 (6);     Gamma, 30–60 days: u4 purchase 25 (35)
// Redemptions: Alpha Mug (30, category home): u0 (2), u1 (5); Alpha Tote (40): u3 (50); Beta Cap (15,
// category apparel): u1 (4); and
// Alpha Pin (10, supply 1) claimed for real, now, by a fresh custodial user through POST /relay.
const EVENTS = [
  { brand: 0, user: 0, eventType: 'purchase', reward: 50, daysAgo: 1 },
  { brand: 0, user: 0, eventType: 'purchase', reward: 50, daysAgo: 2 },
  { brand: 0, user: 1, eventType: 'purchase', reward: 50, daysAgo: 3 },
  { brand: 0, user: 1, eventType: 'review_submission', reward: 20, daysAgo: 3 },
  { brand: 0, user: 2, eventType: 'review_submission', reward: 20, daysAgo: 10 },
  { brand: 0, user: 0, eventType: 'purchase', reward: 50, daysAgo: 40 },
  { brand: 0, user: 3, eventType: 'purchase', reward: 50, daysAgo: 45 },
  { brand: 0, user: 1, eventType: 'purchase', reward: 50, daysAgo: 100 },
  { brand: 1, user: 0, eventType: 'purchase', reward: 10, daysAgo: 5 },
  { brand: 1, user: 4, eventType: 'purchase', reward: 30, daysAgo: 6 },
  { brand: 2, user: 4, eventType: 'purchase', reward: 25, daysAgo: 35 },
]

/**
 * The analytics suites' world (above) on `dialect`; `perks` holds the collection ids of Mug, Tote,
 * Pin (Alpha) and Cap (Beta) once the suite's beforeAll ran.
 */
export function useAnalyticsSeed(dialect: TestDialect): { w: AnalyticsWorld; perks: Record<string, number> } {
  const perks: Record<string, number> = {}
  const w = useAnalyticsWorld(dialect, {
    brands: ['Alpha', 'Beta', 'Gamma'],
    users: 5,
    async setup(w) {
      const engine = w.s.runtime.engine
      const [alpha, beta] = w.brandIds as [string, string]
      await engine.rules.set({ brandId: alpha, eventType: 'purchase', rewardAmount: 50 })
      await engine.rules.set({ brandId: alpha, eventType: 'review_submission', rewardAmount: 20 })
      await engine.rules.set({ brandId: alpha, eventType: 'newsletter_subscribe', enabled: false })
      perks.mug = (
        await engine.perks.create({ brandId: alpha, name: 'Mug', price: 30, maxSupply: 10, category: 'home' })
      ).collectionId
      perks.tote = (await engine.perks.create({ brandId: alpha, name: 'Tote', price: 40 })).collectionId
      perks.cap = (
        await engine.perks.create({ brandId: beta, name: 'Cap', price: 15, category: 'apparel' })
      ).collectionId
      // Pin: supply 1, claimed for real (claimFor relayed for a custodial user; the ledger records it).
      const pin = await engine.perks.create({ brandId: alpha, name: 'Pin', price: 10, maxSupply: 1 })
      perks.pin = pin.collectionId
      const flows = custodialFlows(w.s, { origin: 'https://alpha.example', brandId: alpha as Address })
      const user = await flows.client.login()
      await flows.client.fund(user, 10)
      const chain = w.s.runtime.chain
      if (!chain) throw new Error('needs the chain')
      const permit = await flows.client.signPermit(user, { spender: chain.contracts.perkCollection, value: 10n * WEI })
      await flows.relayed(user, {
        to: chain.contracts.perkCollection,
        data: encodeFunctionData({
          abi: perkCollectionAbi,
          functionName: 'claimFor',
          args: [user.walletAddress, BigInt(pin.collectionId)],
        }),
        metadata: { action: 'claim_perk', perkId: pin.id, permit },
      })
    },
    events: EVENTS,
    redemptions: () => [
      { brand: 0, user: 0, collectionId: perks.mug as number, price: 30, daysAgo: 2 },
      { brand: 0, user: 1, collectionId: perks.mug as number, price: 30, daysAgo: 5 },
      { brand: 0, user: 3, collectionId: perks.tote as number, price: 40, daysAgo: 50 },
      { brand: 1, user: 1, collectionId: perks.cap as number, price: 15, daysAgo: 4 },
    ],
  })
  return { w, perks }
}
