import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { AGENT_TOOLS } from './agent-tools'

// The 46 routes of spec 02 "Agent REST API" (base /api/v1), in the spec's order, copied from its table.
const SPEC_ROUTES = [
  'GET /network/info',
  'GET /network/stats',
  'GET /brands',
  'GET /brands/check',
  'GET /brands/rankings',
  'GET /brands/:brandId',
  'GET /brands/:brandId/perks',
  'GET /users/:userId/brands/:brandId/balance',
  'GET /users/:userId/brands/:brandId/stats',
  'GET /users/:userId/portfolio',
  'POST /events',
  'POST /events/bulk',
  'GET /perks',
  'POST /perks/redeem',
  'GET /brands/:brandId/leaderboard',
  'POST /growth/estimate-roi',
  'POST /growth/request-info',
  'POST /onboarding/brands',
  'POST /onboarding/keys',
  'GET /analytics/network',
  'GET /analytics/brands/:brandId',
  'GET /analytics/brands/:brandId/events',
  'GET /analytics/brands/:brandId/perks',
  'GET /analytics/brands/:brandId/health',
  'POST /brands/:brandId/events',
  'PATCH /brands/:brandId/events/:eventId',
  'POST /brands/:brandId/perks',
  'PATCH /brands/:brandId/perks/:collectionId',
  'GET /agent/rewards',
  'POST /agent/rewards/claim',
  'GET /compare/brands',
  'GET /compare/cashback',
  'GET /deals',
  'GET /users/:userId/goals',
  'GET /commerce/route',
  'GET /commerce/stack',
  'GET /intelligence/users/:userId/persona',
  'GET /intelligence/users/:userId/recommendations',
  'GET /intelligence/brands/:brandId/perks',
  'GET /intelligence/brands/:brandId/perks/:collectionId/audience',
  'GET /intelligence/brands/:brandId/audience',
  'GET /network/flows',
  'GET /network/trending',
  'GET /brands/:brandId/suggestions/events',
  'GET /brands/:brandId/suggestions/perks',
  'POST /converse',
]

const registered = AGENT_TOOLS.map((t) => `${t.method} ${t.path}`)
const toolsDir = join(fileURLToPath(new URL('.', import.meta.url)), 'tools')

describe('the agent tool registry', () => {
  it("serves only the spec's routes, each once; prints the spec routes not built yet", () => {
    expect(SPEC_ROUTES).toHaveLength(46)
    expect(new Set(SPEC_ROUTES).size).toBe(46)
    expect(
      registered.filter((r) => !SPEC_ROUTES.includes(r)),
      'routes not in the spec',
    ).toEqual([])
    expect(new Set(registered).size, 'a route registered twice').toBe(registered.length)
    const missing = SPEC_ROUTES.filter((r) => !registered.includes(r))
    if (missing.length > 0) {
      console.info(`agent API: ${registered.length} of 46 spec routes built; missing:\n  ${missing.join('\n  ')}`)
    } else {
      // Every route is built: the registry is exactly the spec's table.
      expect([...registered].sort()).toEqual([...SPEC_ROUTES].sort())
    }
  })

  it('names every tool loyalty_agent_<suffix>, MCP-safe and unique', () => {
    const names = AGENT_TOOLS.map((t) => t.name)
    for (const name of names) expect(name).toMatch(/^loyalty_agent_[a-z0-9_]{1,100}$/)
    expect(new Set(names).size).toBe(names.length)
  })

  it("parses every path parameter in the tool's input", () => {
    for (const tool of AGENT_TOOLS) {
      const params = [...tool.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string)
      for (const p of params) expect(Object.keys(tool.input.shape), `${tool.name}: ${p}`).toContain(p)
    }
  })

  it('has one file per tool under tools/, each exporting exactly one registered tool', () => {
    const files = readdirSync(toolsDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    expect(files).toHaveLength(AGENT_TOOLS.length)
    for (const file of files) {
      const source = readFileSync(join(toolsDir, file), 'utf8')
      const exported = [...source.matchAll(/^export const (\w+) = defineAgentTool\(/gm)].map((m) => m[1])
      expect(exported, file).toHaveLength(1)
      const suffix = file.replace(/\.ts$/, '').replaceAll('-', '_')
      expect(
        AGENT_TOOLS.map((t) => t.name),
        file,
      ).toContain(`loyalty_agent_${suffix}`)
    }
  })

  it('marks reads read-only and gives writes a signed auth', () => {
    for (const tool of AGENT_TOOLS) {
      if (tool.method === 'GET') expect(tool.annotations.readOnlyHint, tool.name).toBe(true)
      if (tool.method !== 'GET' && !tool.path.startsWith('/growth/')) expect(tool.auth, tool.name).toBe('signed')
      if (tool.permission || tool.tier) expect(tool.auth, tool.name).toBe('signed')
    }
  })
})
