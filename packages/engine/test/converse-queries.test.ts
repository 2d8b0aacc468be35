import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AGENT_TOOLS } from '../src/agent/agent-tools'
import { type ConverseWorld, converseWorld } from './support/converse-world'
import { testDatabases } from './support/test-databases'

/** The intents of the rule planner (docs/agent-api.md#converse). */
type Intent = 'compare' | 'health' | 'perk_optimization' | 'purchase_routing' | 'goal' | 'discovery'

/**
 * The tools each intent is expected to run, as agent-api.md (d) lists them (short names). These
 * were written from the design, before the planner: the planner is judged against them.
 */
const TOOLS: Record<Intent, string[]> = {
  compare: ['compare_brands', 'brand_analytics'],
  health: ['brand_health', 'event_performance', 'perk_analytics'],
  perk_optimization: ['suggest_perks', 'perk_intelligence', 'brand_audience'],
  purchase_routing: ['route_purchase', 'compare_cashback', 'best_deals'],
  goal: ['user_portfolio', 'next_goal'],
  discovery: ['list_brands', 'browse_perks', 'network_stats'],
}

/**
 * Tools other engineers are still adding (issue 14): until they are in the registry, the documented
 * stand-in (docs/agent-api.md#converse) is expected instead; null: left out.
 */
const STAND_IN: Record<string, string | null> = {
  route_purchase: null,
  best_deals: 'browse_perks',
  next_goal: 'user_recommendations',
  brand_audience: 'perk_analytics',
}

const registered = new Set(AGENT_TOOLS.map((t) => t.name.replace(/^loyalty_agent_/, '')))
const expectedTools = (intent: Intent) =>
  TOOLS[intent]
    .map((t) => (registered.has(t) ? t : (STAND_IN[t] ?? null)))
    .filter((t): t is string => t !== null)
    .filter((t, i, all) => all.indexOf(t) === i)

/**
 * 30 questions as people type them (typos, lower case, chatty, no planner keywords on purpose), on
 * the seeded network of support/converse-world.ts: Nike, Adidas (retail), Blue Bottle Coffee,
 * Starbucks (dining), Marriott (travel), Pixel Arcade (gaming); users alice@ and bob@example.com.
 */
const QUERIES: Array<[query: string, intent: Intent]> = [
  ['nike vs adidas - whose rewards program is better?', 'compare'],
  ['how does Starbucks stack up against blue bottle this quarter', 'compare'],
  ['compare marriott.com and nike.com for the past week', 'compare'],
  ['which is better for loyalty, pixel arcade or starbucks?', 'compare'],
  ['Adidas versus Nike, last month numbers pls', 'compare'],
  ['how is nike doing?', 'health'],
  ['is the starbucks program healthy', 'health'],
  ['hows marriot doing lately', 'health'],
  ['give me a quick health check on Blue Bottle', 'health'],
  ["any problems with adidas's loyalty program? engagement seems low", 'health'],
  ['what perks should nike add', 'perk_optimization'],
  ['perk ideas for blue bottle coffee?', 'perk_optimization'],
  ['which rewards work best at starbucks and what new ones could they offer', 'perk_optimization'],
  ['need new reward ideas for Pixel Arcade customers', 'perk_optimization'],
  ['what should adidas offer as perks to keep people coming back', 'perk_optimization'],
  ['I want to buy sneakers for $120, where do i get the most cashback', 'purchase_routing'],
  ['where should i shop for a 200 usd jacket', 'purchase_routing'],
  ['booking a hotel for 450 dollars, which brand gives me the best rewards?', 'purchase_routing'],
  ['getting coffee tomorrow, where should I go to earn the most points', 'purchase_routing'],
  ['buying a new game for $60 — best place to buy it?', 'purchase_routing'],
  ['can alice@example.com afford anything yet?', 'goal'],
  ['how close is bob@example.com to his next reward', 'goal'],
  ['whats the balance for alice@example.com', 'goal'],
  ['what can bob@example.com redeem with his points', 'goal'],
  ['alice@example.com wants to know how many more points she needs', 'goal'],
  ['what brands are on here?', 'discovery'],
  ['show me some cool perks', 'discovery'],
  ['hi! what can you do', 'discovery'],
  ['any travel brands?', 'discovery'],
  ['list everything in gaming', 'discovery'],
]

const short = (tools: string[]) => tools.map((t) => t.replace(/^loyalty_agent_/, ''))

describe.each(testDatabases())('converse: 30 natural-language queries on $dialect', (db) => {
  let w: ConverseWorld
  beforeAll(async () => {
    w = await converseWorld(db)
  })
  afterAll(async () => {
    await w?.close()
  })

  it('gets the intent and the tools of at least 27 of 30 right', async () => {
    expect(QUERIES).toHaveLength(30)
    const rows: string[] = []
    let right = 0
    for (const [query, intent] of QUERIES) {
      const answer = await w.converse(query)
      const tools = short(answer.toolsUsed)
      const ok = answer.intent === intent && JSON.stringify(tools) === JSON.stringify(expectedTools(intent))
      if (ok) right++
      rows.push(
        `${ok ? 'ok  ' : 'MISS'} ${JSON.stringify(query)} → ${answer.intent} [${tools.join(', ')}]` +
          (ok ? '' : `; expected ${intent} [${expectedTools(intent).join(', ')}]`),
      )
      expect(answer.planner).toBe('rules')
      expect(answer.response.length).toBeGreaterThan(0)
      expect(answer.steps.length).toBeLessThanOrEqual(5)
    }
    console.info(`converse queries on ${db.dialect}: ${right}/30 right\n  ${rows.join('\n  ')}`)
    expect(right, rows.filter((r) => r.startsWith('MISS')).join('\n')).toBeGreaterThanOrEqual(27)
  })
})
