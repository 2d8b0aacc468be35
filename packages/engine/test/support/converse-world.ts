import { createHmac, randomBytes } from 'node:crypto'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import type { AgentCaller, EngineContext } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { type Address, createWalletClient, type Hex } from 'viem'
import { hardhat } from 'viem/chains'
import type { ConverseAnswer } from '../../src/agent/converse/answer-converse'
import { createAgentKey } from '../../src/agent/create-agent-key'
import { executeAgentTool } from '../../src/agent/execute-agent-tool'
import { runAgentTool } from '../../src/agent/run-agent-tool'
import { processEventTool } from '../../src/agent/tools/process-event'
import { createBrand } from '../../src/brands/create-brand'
import { createPerk } from '../../src/perks/create-perk'
import { setRule } from '../../src/rules/set-rule'
import { canonicalRequest } from '../../src/signing/canonical-request'
import { startMintingTestChain } from '../minting-test-chain'
import type { FreshDatabase, TestDatabase } from './test-databases'

/** The seeded network: brand, category, website, purchase reward, perks (name, price in points). */
const BRANDS = [
  [
    'Nike',
    'retail',
    'https://www.nike.com',
    8000,
    [
      ['Running socks', 5000],
      ['$20 voucher', 20000],
    ],
  ],
  ['Adidas', 'retail', 'https://adidas.com', 5000, [['Gym bag', 15000]]],
  ['Blue Bottle Coffee', 'dining', 'https://bluebottlecoffee.com', 3000, [['Pour-over', 3000]]],
  ['Starbucks', 'dining', 'https://starbucks.com', 4000, [['Free latte', 4000]]],
  ['Marriott', 'travel', 'https://marriott.com', 10000, [['Free night', 50000]]],
  ['Pixel Arcade', 'gaming', 'https://pixelarcade.gg', 2000, [['Token pack', 1000]]],
] as const

/** Purchases per user (brand index, count) and their minted balance in whole points. */
const USERS = [
  {
    email: 'alice@example.com',
    purchases: [
      [0, 1],
      [3, 1],
    ],
    balance: 12_000,
  },
  { email: 'bob@example.com', purchases: [[4, 1]], balance: 2_500 },
] as const

export type ConverseWorld = {
  ctx: EngineContext
  brandIds: Record<string, string>
  /** Asks /converse with a pro key, signed like a REST request. */
  converse(query: string, keySecret?: { id: string; secret: string }): Promise<ConverseAnswer>
  /** Creates an agent key of `tier`. */
  key(tier: 'free' | 'pro' | 'enterprise'): Promise<{ id: string; secret: string }>
  close(): Promise<void>
}

/**
 * Six brands with categories, websites, a purchase rule and perks on a real EDR chain; two users
 * with purchases (through the process_event tool) and a minted balance; a pro agent key.
 */
export async function converseWorld(dialect: TestDatabase): Promise<ConverseWorld> {
  const db: FreshDatabase = await dialect.create()
  const test = await startMintingTestChain()
  const ctx = createTestContext(db.storage, { chain: test.chain })
  const brandIds: Record<string, string> = {}
  for (const [name, category, website, reward, perks] of BRANDS) {
    const { brand } = await createBrand(ctx, { name, websites: [website], category, description: `${name} rewards` })
    brandIds[name] = brand.id
    await setRule(ctx, {
      brandId: brand.id,
      eventType: 'purchase',
      rewardAmount: reward,
      maxClaims: -1,
      cooldownHours: 0,
    })
    for (const [perk, price] of perks) {
      await createPerk(ctx, { brandId: brand.id, name: perk, price, maxSupply: 100, maxPerUser: 1, category })
    }
  }
  const key = async (tier: 'free' | 'pro' | 'enterprise') => {
    const made = await createAgentKey(ctx, { name: `converse ${tier}`, tier, rateLimitPerMinute: 100_000 })
    return { id: made.key.id, secret: made.secret, view: made.key }
  }
  const pro = await key('pro')
  const seeder: AgentCaller = { kind: 'agent', ip: '127.0.0.1', key: pro.view }
  const wallet = createWalletClient({ account: test.chain.minter, transport: test.chain.transport, chain: hardhat })
  for (const user of USERS) {
    let address = ''
    for (const [brand, count] of user.purchases) {
      for (let i = 0; i < count; i++) {
        const input = { brandId: brandIds[BRANDS[brand][0]], eventType: 'purchase', userId: user.email }
        const e = (await executeAgentTool(ctx, processEventTool as never, input, seeder, { mintWaitMs: 0 })) as {
          walletAddress: string
        }
        address = e.walletAddress
      }
    }
    const hash = await wallet.writeContract({
      address: test.chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName: 'mintBatch',
      args: [`0x${randomBytes(32).toString('hex')}` as Hex, [address as Address], [BigInt(user.balance) * 10n ** 18n]],
    })
    await test.publicClient.waitForTransactionReceipt({ hash })
  }
  const converse = async (query: string, as: { id: string; secret: string } = pro) => {
    const rawBody = JSON.stringify({ query })
    const timestamp = String(Math.floor(Date.now() / 1000))
    const parts = { timestamp, method: 'POST', pathWithQuery: '/api/v1/converse', rawBody }
    const signature = createHmac('sha256', as.secret).update(canonicalRequest(parts)).digest('hex')
    const { envelope } = await runAgentTool(ctx, {
      tool: 'loyalty_agent_converse',
      input: { query },
      request: { ...parts, ip: '127.0.0.1', agentKey: as.id, timestamp, signature },
    })
    return envelope.data as ConverseAnswer
  }
  return {
    ctx,
    brandIds,
    converse,
    key: async (tier) => {
      const k = await key(tier)
      return { id: k.id, secret: k.secret }
    },
    close: async () => {
      await test.close()
      await db.destroy()
    },
  }
}
