import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AGENT_TOOLS, type AgentTool } from '@loyaltykit/engine'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectMcpTools } from '../src/mcp/mcp-toolsets'
import type { AgentCredentials } from './helpers/agent-client'
import { AGENT_USER_EMAIL as EMAIL, useAgentServer } from './helpers/agent-fixture'
import { cliEnv, cliSourceCommand } from './helpers/cli-process'
import { testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const WEI = 10n ** 18n
const sqlite = testDialects.filter((d) => d.dialect === 'sqlite')
const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name)
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
const textOf = (r: any) => JSON.parse(r.content[0].text)

// `loyaltykit mcp` (docs/mcp.md): the MCP SDK's own StdioClientTransport spawns the CLI, which
// bridges stdio to the started server's /mcp, signing with LOYALTYKIT_AGENT_KEY_ID/_SECRET; its data
// folder stays empty (it opens no database). Same answers as REST.
describe.each(sqlite)('loyaltykit mcp over stdio against a server on $dialect', (dialect) => {
  const f = useAgentServer(dialect, { LOYALTYKIT_AGENT_PUBLIC_PER_MIN: '1000' })
  let key: AgentCredentials
  let dataDir: string
  const clients: Client[] = []
  const spawnBridge = async (env: Record<string, string>, ...args: string[]) => {
    const run = cliSourceCommand(['mcp', '--server', f.s.base, ...args])
    const transport = new StdioClientTransport({
      ...run,
      env: cliEnv({ LOYALTYKIT_DATA_DIR: dataDir, ...env }) as Record<string, string>,
      stderr: 'pipe',
    })
    const client = new Client({ name: 'loyaltykit-stdio-test', version: '1.0.0' })
    await client.connect(transport)
    clients.push(client)
    return client
  }
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lk-mcp-bridge-'))
    key = await f.createKey('--tier', 'pro', '--rate', '1000')
    await f.s.runtime.engine.rules.set({
      brandId: f.shopId,
      eventType: 'stdio_visit',
      rewardAmount: 3,
      maxClaims: -1,
      cooldownHours: 0,
    })
  })
  afterAll(async () => {
    for (const c of clients) await c.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('initializes, lists the default toolsets, calls a read, a write (minted) and a refused tool as REST answers', async () => {
    const signed = await spawnBridge({ LOYALTYKIT_AGENT_KEY_ID: key.keyId, LOYALTYKIT_AGENT_SECRET: key.secret })
    expect(signed.getServerVersion()?.name).toBe('loyaltykit')
    const { tools } = await signed.listTools()
    const defaults = selectMcpTools(['discover', 'analytics', 'commerce', 'actions'])?.tools ?? []
    expect(names(tools)).toEqual(names(defaults))

    const rest = await f.call('GET', `/api/v1/brands/${f.shopId}/perks`, { as: key })
    const read = await signed.callTool({ name: 'loyalty_agent_brand_perks', arguments: { brandId: f.shopId } })
    expect(read.structuredContent).toEqual(rest.body.data)

    const before = await tokenBalance(f.s, f.wallet)
    const write = await signed.callTool({
      name: 'loyalty_agent_process_event',
      arguments: { brandId: f.shopId, eventType: 'stdio_visit', userId: EMAIL },
    })
    expect(write.isError, JSON.stringify(write.content)).toBeFalsy()
    expect(write.structuredContent).toMatchObject({ rewardAmount: 3, status: 'confirmed', walletAddress: f.wallet })
    expect(await tokenBalance(f.s, f.wallet)).toBe(before + 3n * WEI)

    const bad = { brandId: f.shopId, eventType: 'nope', userId: EMAIL }
    const restRefused = await f.call('POST', '/api/v1/events', { as: key, body: bad })
    const refused = await signed.callTool({ name: 'loyalty_agent_process_event', arguments: bad })
    expect([restRefused.status, refused.isError]).toEqual([400, true])
    expect(textOf(refused)).toEqual(restRefused.body)
    expect(await readdir(dataDir)).toEqual([])
  })

  it('unsigned (no key set) lists the public tools of --toolsets and is refused a signed tool with REST’s 401 body', async () => {
    const unsigned = await spawnBridge({}, '--toolsets', 'all')
    const publicTools = (AGENT_TOOLS as readonly AgentTool[]).filter(
      (t) => t.auth === 'public' && !t.permission && !t.tier,
    )
    expect(names((await unsigned.listTools()).tools)).toEqual(names(publicTools))
    const refused = await unsigned.callTool({ name: 'loyalty_agent_user_portfolio', arguments: { userId: EMAIL } })
    const rest = await f.call('GET', `/api/v1/users/${EMAIL}/portfolio`)
    expect([rest.status, refused.isError]).toEqual([401, true])
    expect(textOf(refused)).toEqual(rest.body)
  })
})
