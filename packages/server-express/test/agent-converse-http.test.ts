import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { useAgentServer } from './helpers/agent-fixture'
import { startFakeChatCompletions } from './helpers/fake-chat-completions'
import { testDialects } from './helpers/test-databases'

// POST /api/v1/converse (docs/agent-api.md#converse) through the whole server with an OpenAI-compatible
// LLM configured: a local fake completions server (helpers/fake-chat-completions.ts). The rule
// planner itself is judged in packages/engine/test/converse-*.test.ts.
const LLM_KEY = 'sk-fake-llm-key-0123456789abcdef'
const fake = await startFakeChatCompletions()
afterAll(() => fake.close())

describe.each(testDialects)('POST /api/v1/converse over HTTP on $dialect', (dialect) => {
  const f = useAgentServer(dialect, {
    LOYALTYKIT_LLM_BASE_URL: fake.url,
    LOYALTYKIT_LLM_API_KEY: LLM_KEY,
    LOYALTYKIT_LLM_MODEL: 'fake-model',
    LOYALTYKIT_LLM_TIMEOUT_MS: '1000',
  })
  beforeEach(() => {
    fake.state.mode = 'tool-then-answer'
    fake.state.tool = 'loyalty_agent_list_brands'
    fake.state.args = '{"limit":5}'
    fake.requests.length = 0
  })

  it('needs a signature (401) and a pro or enterprise key (403 forbidden); the query is 1-2000 characters', async () => {
    const unsigned = await f.call('POST', '/api/v1/converse', { body: { query: 'hi' } })
    expect([unsigned.status, unsigned.body.error.code]).toEqual([401, 'auth_required'])
    const free = await f.call('POST', '/api/v1/converse', { as: f.agent, body: { query: 'hi' } })
    expect([free.status, free.body.error.code]).toEqual([403, 'forbidden'])
    const pro = await f.createKey('--tier', 'pro')
    for (const query of [undefined, '', 'x'.repeat(2001)]) {
      const bad = await f.call('POST', '/api/v1/converse', { as: pro, body: { query } })
      expect([bad.status, bad.body.error.code]).toEqual([400, 'validation'])
    }
    expect(fake.requests).toHaveLength(0)
  })

  it('lets the LLM call a read-only tool (arguments a JSON string, validated) and answers its text', async () => {
    const key = await f.createKey('--tier', 'enterprise')
    fake.state.answer = (content) => `The network has ${JSON.parse(content).total} brands.`
    const r = await f.call('POST', '/api/v1/converse', { as: key, body: { query: 'what brands are there?' } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_converse')
    expect(r.body.data).toMatchObject({
      response: 'The network has 2 brands.',
      planner: 'llm',
      intent: 'discovery',
      toolsUsed: ['loyalty_agent_list_brands'],
      steps: [{ tool: 'loyalty_agent_list_brands', input: { limit: 5 }, status: 'ok' }],
      confidence: 0.8,
    })
    expect(r.body.data.data.loyalty_agent_list_brands.brands.map((b: { name: string }) => b.name)).toEqual([
      'Cafe',
      'Shop',
    ])
    // What the server sent: the key as a bearer token, the model, read-only tools only, as functions.
    const [first, second] = fake.requests
    expect(first?.authorization).toBe(`Bearer ${LLM_KEY}`)
    expect(first?.body).toMatchObject({ model: 'fake-model', tool_choice: 'auto' })
    const names = first?.body.tools.map((t: { function: { name: string } }) => t.function.name)
    expect(names).toContain('loyalty_agent_compare_cashback')
    expect(names).not.toContain('loyalty_agent_process_event')
    expect(names).not.toContain('loyalty_agent_redeem_perk')
    expect(names).not.toContain('loyalty_agent_converse')
    const listBrands = first?.body.tools.find(
      (t: { function: { name: string } }) => t.function.name === 'loyalty_agent_list_brands',
    )
    expect(listBrands).toMatchObject({ type: 'function', function: { parameters: { type: 'object' } } })
    expect(second?.body.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_1' })
  })

  it("records a call the tool's schema refuses as a failed step, and the LLM still answers", async () => {
    const key = await f.createKey('--tier', 'pro')
    fake.state.args = '{"limit":999}'
    fake.state.answer = (content) => `error: ${JSON.parse(content).error.code}`
    const r = await f.call('POST', '/api/v1/converse', { as: key, body: { query: 'list brands' } })
    expect(r.body.data).toMatchObject({
      response: 'error: VALIDATION_FAILED',
      planner: 'llm',
      steps: [
        {
          tool: 'loyalty_agent_list_brands',
          input: { limit: 999 },
          status: 'failed',
          error: { code: 'VALIDATION_FAILED' },
        },
      ],
      toolsUsed: [],
      confidence: 0.6,
    })
    // A write tool is not offered, so a call to it is refused like an unknown tool.
    fake.state.tool = 'loyalty_agent_process_event'
    fake.state.args = JSON.stringify({ brandId: f.shopId, eventType: 'purchase', userId: 'ann@example.com' })
    const write = await f.call('POST', '/api/v1/converse', { as: key, body: { query: 'reward ann' } })
    expect(write.body.data.steps).toMatchObject([{ status: 'failed', error: { code: 'UNKNOWN_TOOL' } }])
  })

  it('falls back to the rule planner when the LLM fails or does not answer in time', async () => {
    const key = await f.createKey('--tier', 'pro')
    for (const mode of ['broken', 'silent'] as const) {
      fake.state.mode = mode
      const r = await f.call('POST', '/api/v1/converse', {
        as: key,
        body: { query: `how is shop doing this week? (${mode})` },
      })
      expect(r.status, mode).toBe(200)
      expect(r.body.data, mode).toMatchObject({
        planner: 'rules',
        intent: 'health',
        confidence: 0.9,
        steps: [
          { tool: 'loyalty_agent_brand_health', input: { brandId: f.shopId }, status: 'ok' },
          { tool: 'loyalty_agent_event_performance', input: { brandId: f.shopId, period: '7d' }, status: 'ok' },
          { tool: 'loyalty_agent_perk_analytics', input: { brandId: f.shopId }, status: 'ok' },
        ],
      })
      // Ann's account_creation (100 points) is Shop's one claim this week; one perk, Coffee.
      expect(r.body.data.response, mode).toContain(
        'In the last 7d: 1 active member and 1 claim, most of them account_creation (1).',
      )
      expect(r.body.data.response, mode).toContain('1 perk, 0 redemptions')
    }
    expect(fake.requests.map((q) => q.authorization)).toEqual([`Bearer ${LLM_KEY}`, `Bearer ${LLM_KEY}`])
    // The server's logs never hold the key: the test server's close() fails when a secret variable appears.
    expect(await f.s.leaks()).toEqual([])
  })
})
