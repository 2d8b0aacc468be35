import { afterAll, beforeAll, expect } from 'vitest'
import { type AgentCredentials, agentClient } from './agent-client'
import { postJson } from './post-json'
import { runCliHere } from './run-cli-here'
import { startTestServer, type TestServer } from './start-test-server'
import type { TestDatabase, TestDialect } from './test-databases'

export const AGENT_SITE = 'https://shop.example'
export const AGENT_USER_EMAIL = 'ann@example.com'

/** What an agent API suite runs against; filled in its beforeAll. */
export type AgentFixture = {
  db: TestDatabase
  s: TestServer
  call: ReturnType<typeof agentClient>
  /** The environment of `loyaltykit` commands on the same database. */
  env: Record<string, string | undefined>
  /** Brand "Shop" (site shop.example, rules + purchase 80, perk "Coffee" 50 tokens × 10) and brand "Cafe". */
  shopId: string
  cafeId: string
  /** The wallet of ann@example.com, rewarded 100 tokens (account_creation at Shop, mined). */
  wallet: string
  /** A free-tier key made by `loyaltykit agent-key create`. */
  agent: AgentCredentials
  /** `loyaltykit agent-key create --name 'test agent' <flags> --json`: the id and secret. */
  createKey(...flags: string[]): Promise<AgentCredentials>
}

/**
 * The whole server on a fresh database of `dialect`, trusting X-Forwarded-For (each call from a fresh
 * IP unless it names one) with 3 public requests per IP a minute, seeded as AgentFixture says; `env` adds to or overrides the server's environment.
 */
export function useAgentServer(dialect: TestDialect, env: Record<string, string> = {}): AgentFixture {
  const f = {} as AgentFixture
  f.createKey = async (...flags) => {
    const run = await runCliHere(['agent-key', 'create', '--name', 'test agent', ...flags, '--json'], f.env)
    expect(run.code, run.stderr).toBe(0)
    const { id, secret } = run.json()
    return { keyId: id, secret }
  }
  beforeAll(async () => {
    f.db = await dialect.create()
    f.env = { LOYALTYKIT_DATA_DIR: f.db.dataDir, DATABASE_URL: f.db.databaseUrl, NODE_ENV: 'test' }
    f.s = await startTestServer(f.db, {
      LOYALTYKIT_MINT_WAIT_MS: '20000',
      LOYALTYKIT_TRUST_PROXY: 'true',
      LOYALTYKIT_AGENT_PUBLIC_PER_MIN: '3',
      ...env,
    })
    f.call = agentClient(f.s.base)
    const engine = f.s.runtime.engine
    f.shopId = (await engine.brands.create({ name: 'Shop', websites: [AGENT_SITE] })).brand.id
    f.cafeId = (await engine.brands.create({ name: 'Cafe', websites: [] })).brand.id
    await engine.rules.set({ brandId: f.shopId, eventType: 'purchase', rewardAmount: 80 })
    await engine.perks.create({ brandId: f.shopId, name: 'Coffee', price: 50, maxSupply: 10, category: 'dining' })
    const res = await postJson(f.s.base, '/loyalty-api/manual-event', {
      brandId: f.shopId,
      eventType: 'account_creation',
      userEmail: AGENT_USER_EMAIL,
      domain: 'shop.example',
    })
    const body = (await res.json()) as { walletAddress: string; transactionHash: string | null }
    expect(body.transactionHash).toMatch(/^0x/)
    f.wallet = body.walletAddress
    f.agent = await f.createKey('--tier', 'free')
  }, 180_000)
  afterAll(async () => {
    await f.s?.close()
    await f.db?.drop()
  })
  return f
}
