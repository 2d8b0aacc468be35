import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, cliSourceCommand } from '../../../packages/server-express/test/helpers/cli-process'
import { postJson } from '../../../packages/server-express/test/helpers/post-json'
import { startTestServer, type TestServer } from '../../../packages/server-express/test/helpers/start-test-server'
import { type TestDatabase, testDialects } from '../../../packages/server-express/test/helpers/test-databases'
import { runAgentExample } from '../src/run-agent-example'

const sqlite = testDialects.find((d) => d.dialect === 'sqlite')!

describe('examples/agent against a running server', () => {
  let db: TestDatabase
  let server: TestServer
  let bridgeDir: string

  beforeAll(async () => {
    db = await sqlite.create()
    server = await startTestServer(db, { LOYALTYKIT_MINT_WAIT_MS: '20000' })
    bridgeDir = await mkdtemp(join(tmpdir(), 'lk-example-mcp-'))
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
    await rm(bridgeDir, { recursive: true, force: true })
  })

  it('discovers brands, compares cashback, redeems a perk for a user, asks /converse and connects over MCP', async () => {
    const engine = server.runtime.engine
    const shop = (await engine.brands.create({ name: 'Shop', websites: ['https://shop.example'] })).brand.id
    const cafe = (await engine.brands.create({ name: 'Cafe', websites: ['https://cafe.example'] })).brand.id
    await engine.rules.set({ brandId: shop, eventType: 'purchase', rewardAmount: 8000 })
    await engine.rules.set({ brandId: cafe, eventType: 'purchase', rewardAmount: 3000 })
    await engine.perks.create({ brandId: shop, name: 'Coffee', price: 50, maxSupply: 10 })
    await engine.perks.create({ brandId: cafe, name: 'Cake', price: 500, maxSupply: 10 })
    // ann@example.com signs up at Shop: 100 points minted to her custodial wallet.
    const res = await postJson(server.base, '/loyalty-api/manual-event', {
      brandId: shop,
      eventType: 'account_creation',
      userEmail: 'ann@example.com',
      domain: 'shop.example',
    })
    expect(((await res.json()) as { transactionHash: string | null }).transactionHash).toMatch(/^0x/)
    const { key, secret } = await engine.agent.createKey({ name: 'example agent', tier: 'pro' })

    const result = await runAgentExample({
      baseUrl: server.base,
      agentKeyId: key.id,
      agentSecret: secret,
      userId: 'ann@example.com',
      purchaseAmount: 120,
      // `loyaltykit mcp` from source (as `pnpm loyaltykit mcp` runs the built one), signing with the key.
      mcp: {
        ...cliSourceCommand(['mcp', '--server', server.base]),
        env: cliEnv({
          LOYALTYKIT_DATA_DIR: bridgeDir,
          LOYALTYKIT_AGENT_KEY_ID: key.id,
          LOYALTYKIT_AGENT_SECRET: secret,
        }) as Record<string, string>,
      },
    })

    expect(result.brands.brands.map((b) => b.name)).toEqual(['Cafe', 'Shop'])
    // 8,000 points = $8.00 = 6.67 % of $120 at Shop; 3,000 = $3.00 = 2.5 % at Cafe.
    expect(result.cashback?.comparisons.map((c) => [c.name, c.cashbackUsd, c.cashbackPercent])).toEqual([
      ['Shop', 8, 6.67],
      ['Cafe', 3, 2.5],
    ])
    expect(result.cashback?.best).toBe(shop)
    // 100 points: Coffee (50) is the costliest perk she can afford; after it she holds 50.
    expect(result.portfolio.totalBalance).toBe(100)
    expect(result.redemption).toMatchObject({ perk: { name: 'Coffee', cost: 50 }, pointsSpent: 50, newBalance: 50 })
    expect(result.redemption?.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(result.answer).toMatchObject({ intent: 'purchase_routing', planner: 'rules' })
    expect(result.answer.response).toContain(
      'For a $120.00 purchase: Shop gives back 8,000 points ($8.00, 6.67%); Cafe gives back 3,000 points ($3.00, 2.5%).',
    )
    // Over MCP (stdio bridge → /mcp): the default toolsets, and compare_cashback answers REST's data.
    expect(result.mcp?.server).toBe('loyaltykit')
    expect(result.mcp?.tools).toContain('loyalty_agent_compare_cashback')
    expect(result.mcp?.tools).toContain('loyalty_agent_redeem_perk')
    expect(result.mcp?.cashback).toEqual(result.cashback)
    // The bridge opens no database (one process holds the embedded chain).
    expect(await readdir(bridgeDir)).toEqual([])
  })
})
