import { AGENT_TOOLS, type AgentTool } from '@loyaltykit/engine'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectMcpTools } from '../src/mcp/mcp-toolsets'
import type { AgentCredentials } from './helpers/agent-client'
import { AGENT_USER_EMAIL as EMAIL, useAgentServer } from './helpers/agent-fixture'
import { connectMcp } from './helpers/mcp-client'
import { testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const WEI = 10n ** 18n
const registry = AGENT_TOOLS as readonly AgentTool[]
const sqlite = testDialects.filter((d) => d.dialect === 'sqlite')
const names = (tools: readonly AgentTool[]) => tools.map((t) => t.name)
/** What the registry says a toolset list selects (the server's own choice is what is tested). */
const expected = (toolsets: string) => names(selectMcpTools(toolsets.split(','))?.tools ?? [])
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
const textOf = (r: any) => JSON.parse(r.content[0].text)

// POST /mcp (docs/mcp.md) with the MCP SDK's own client over Streamable HTTP, against the whole
// server: initialize, tools/list per toolset and per key (hidden tools), tools/call deep-equal to REST,
// a write minted on chain, refusals with REST's code and message, HTTP-level refusals as JSON-RPC.
describe.each(sqlite)('MCP over Streamable HTTP on $dialect', (dialect) => {
  const f = useAgentServer(dialect, { LOYALTYKIT_AGENT_PUBLIC_PER_MIN: '1000' })
  let full: AgentCredentials
  const clients: Client[] = []
  let ips = 0
  const connect = async (options: { as?: AgentCredentials; toolsets?: string } = {}) => {
    const client = await connectMcp(f.s.base, { ...options, ip: `198.51.100.${++ips}` })
    clients.push(client)
    return client
  }
  beforeAll(async () => {
    full = await f.createKey('--tier', 'enterprise', '--can-onboard', '--can-manage-program', '--rate', '1000')
    await f.s.runtime.engine.rules.set({
      brandId: f.shopId,
      eventType: 'mcp_visit',
      rewardAmount: 5,
      maxClaims: -1,
      cooldownHours: 0,
    })
  })
  afterAll(async () => {
    for (const c of clients) await c.close()
  })

  it('initializes: server info, the tools capability, instructions', async () => {
    const client = await connect({ as: full })
    expect(client.getServerVersion()).toMatchObject({ name: 'loyaltykit', version: expect.any(String) })
    expect(client.getServerCapabilities()?.tools).toBeDefined()
    expect(client.getInstructions()).toMatch(/loyalty/i)
  })

  it('lists each toolset’s tools with title, schemas and the registry’s annotations; the default is ≤ 40', async () => {
    const byName = new Map(registry.map((t) => [t.name, t]))
    for (const toolsets of [undefined, 'all', 'readonly', 'program,growth', 'readonly,commerce', 'discover']) {
      const client = await connect({ as: full, ...(toolsets ? { toolsets } : {}) })
      const { tools } = await client.listTools()
      expect(names(tools as never), toolsets).toEqual(expected(toolsets ?? 'discover,analytics,commerce,actions'))
      for (const t of tools) {
        const tool = byName.get(t.name) as AgentTool
        expect(t).toMatchObject({ title: tool.title, description: tool.description })
        expect(t.annotations).toEqual({ title: tool.title, ...tool.annotations })
        expect([t.inputSchema.type, t.outputSchema?.type]).toEqual(['object', 'object'])
      }
    }
    const defaults = expected('discover,analytics,commerce,actions')
    expect(defaults.length).toBeGreaterThan(0)
    expect(defaults.length).toBeLessThanOrEqual(40)
    expect(expected('all')).toEqual(names(registry))
    expect(expected('readonly').every((n) => byName.get(n)?.annotations.readOnlyHint)).toBe(true)
  })

  it('hides the tools a key may not call: unsigned sees public tools; a free key without permissions loses the rest', async () => {
    const unsigned = await connect({ toolsets: 'all' })
    const publicTools = registry.filter((t) => t.auth === 'public' && !t.permission && !t.tier)
    expect(names((await unsigned.listTools()).tools as never)).toEqual(names(publicTools))
    expect(publicTools.length).toBeLessThan(registry.length)

    const free = await connect({ as: f.agent, toolsets: 'all' })
    const forFree = registry.filter((t) => !t.permission && (!t.tier || t.tier.includes('free')))
    expect(names((await free.listTools()).tools as never)).toEqual(names(forFree))
  })

  it('calls a read tool: structuredContent and its text deep-equal to the REST data', async () => {
    const client = await connect({ as: full })
    await client.listTools() // the SDK client checks structuredContent against the listed outputSchema
    const rest = await f.call('GET', `/api/v1/brands/${f.shopId}`, { as: full })
    expect(rest.status).toBe(200)
    const r = await client.callTool({ name: 'loyalty_agent_brand_info', arguments: { brandId: f.shopId } })
    expect(r.isError).toBeFalsy()
    expect(r.structuredContent).toEqual(rest.body.data)
    expect(textOf(r)).toEqual(rest.body.data)
    const balance = await f.call('GET', `/api/v1/users/${EMAIL}/brands/${f.shopId}/balance`, { as: full })
    const mcpBalance = await client.callTool({
      name: 'loyalty_agent_user_balance',
      arguments: { userId: EMAIL, brandId: f.shopId },
    })
    expect(mcpBalance.structuredContent).toEqual(balance.body.data)
  })

  it('calls a write tool: process_event mints the reward on chain', async () => {
    const client = await connect({ as: full })
    await client.listTools()
    const before = await tokenBalance(f.s, f.wallet)
    const r = await client.callTool({
      name: 'loyalty_agent_process_event',
      arguments: { brandId: f.shopId, eventType: 'mcp_visit', userId: EMAIL },
    })
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy()
    expect(r.structuredContent).toEqual({
      eventId: expect.any(String),
      eventType: 'mcp_visit',
      walletAddress: f.wallet,
      rewardAmount: 5,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      status: 'confirmed',
    })
    expect(await tokenBalance(f.s, f.wallet)).toBe(before + 5n * WEI)
    const event = await f.s.runtime.storage.events.get((r.structuredContent as { eventId: string }).eventId)
    expect(event).toMatchObject({ source: `agent:${full.keyId}` })
  })

  it('refuses as REST does: isError with the same error body (validation, auth, scope, unknown tool, toolsets)', async () => {
    const client = await connect({ as: full })
    const bad = { brandId: f.shopId, eventType: 'bad type', userId: EMAIL }
    const rest = await f.call('POST', '/api/v1/events?n=bad', { as: full, body: bad })
    const mcp = await client.callTool({ name: 'loyalty_agent_process_event', arguments: bad })
    expect([rest.status, mcp.isError, mcp.structuredContent]).toEqual([400, true, undefined])
    expect(textOf(mcp)).toEqual(rest.body)
    expect(rest.body.error.code).toBe('validation')

    const unsigned = await connect()
    const args = { userId: EMAIL, brandId: f.shopId }
    const restUnsigned = await f.call('GET', `/api/v1/users/${EMAIL}/brands/${f.shopId}/balance`)
    const mcpUnsigned = await unsigned.callTool({ name: 'loyalty_agent_user_balance', arguments: args })
    expect([restUnsigned.status, mcpUnsigned.isError]).toEqual([401, true])
    expect(textOf(mcpUnsigned)).toEqual(restUnsigned.body)

    const scoped = await f.createKey('--tier', 'free', '--brand', f.cafeId)
    const event = { brandId: f.shopId, eventType: 'mcp_visit', userId: 'scope@example.com' }
    const restScoped = await f.call('POST', '/api/v1/events?n=scope', { as: scoped, body: event })
    const mcpScoped = await (await connect({ as: scoped })).callTool({
      name: 'loyalty_agent_process_event',
      arguments: event,
    })
    expect([restScoped.status, mcpScoped.isError]).toEqual([403, true])
    expect(textOf(mcpScoped)).toEqual(restScoped.body)

    const narrow = await connect({ as: full, toolsets: 'discover' })
    const outside = await narrow.callTool({ name: 'loyalty_agent_brand_health', arguments: { brandId: f.shopId } })
    expect([outside.isError, textOf(outside).error.code]).toEqual([true, 'not_found'])
  })

  it('counts tools/call against the key’s rate limit like REST (tools/list is not counted)', async () => {
    const slow = await f.createKey('--tier', 'free', '--rate', '2')
    const client = await connect({ as: slow })
    await client.listTools()
    const call = () => client.callTool({ name: 'loyalty_agent_network_info', arguments: {} })
    expect((await call()).isError).toBeFalsy()
    expect((await call()).isError).toBeFalsy()
    const third = await call()
    expect([third.isError, textOf(third).error.code, textOf(third).error.status]).toEqual([true, 'rate_limit', 429])
    const rest = await f.call('GET', '/api/v1/network/info', { as: slow })
    expect([rest.status, rest.body.error.message]).toEqual([429, textOf(third).error.message])
  })

  it('refuses at the HTTP level in JSON-RPC shape: bad signature 401 like REST, bad toolsets 400, bad bodies 4xx, GET 405', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
    const post = (path: string, headers: Record<string, string>, payload = body) =>
      fetch(`${f.s.base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-forwarded-for': '203.0.113.9',
          ...headers,
        },
        body: payload,
      })
    const forged = {
      'x-loyalty-agent-key': full.keyId,
      'x-loyalty-timestamp': String(Math.floor(Date.now() / 1000)),
      'x-loyalty-signature': 'ab'.repeat(32),
    }
    const res = await post('/mcp', forged)
    const rest = await f.call('GET', '/api/v1/network/info', { headers: forged })
    expect([res.status, rest.status]).toEqual([401, 401])
    const rpc = (await res.json()) as {
      jsonrpc: string
      id: null
      error: { code: number; message: string; data: unknown }
    }
    expect(rpc).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32001, message: rest.body.error.message, data: rest.body.error },
    })

    const toolsets = await post('/mcp?toolsets=everything', {})
    expect(toolsets.status).toBe(400)
    expect(((await toolsets.json()) as { error: { code: number } }).error.code).toBe(-32600)
    for (const payload of [
      '{not json',
      '[]',
      '{"jsonrpc":"2.0"}',
      '"x"',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":7}',
    ]) {
      const r = await post('/mcp', {}, payload)
      const answer = (await r.json()) as { jsonrpc?: string; error?: { code: number }; result?: unknown }
      expect(r.status, payload).toBeLessThan(500)
      expect(answer.jsonrpc, payload).toBe('2.0')
      expect(answer.error?.code, payload).toEqual(expect.any(Number))
    }
    const get = await fetch(`${f.s.base}/mcp`)
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST'])
  })
})
