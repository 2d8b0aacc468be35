import { describe, expect, it } from 'vitest'
import type { AgentCredentials } from './helpers/agent-client'
import { useAgentServer } from './helpers/agent-fixture'
import { testDialects } from './helpers/test-databases'

// The program-management tools (docs/agent-api.md #27–30) over HTTP with the real EDR chain:
// create_event, update_event (the event-config cache follows at once), create_perk (on chain) and
// update_perk (setPrice / setActive on chain; the supply is fixed; another brand's collection is 404),
// and each refusal: unsigned 401, no canManageProgram 403, a brand outside the key's scope 403.
describe.each(testDialects)('agent program tools over HTTP on $dialect', (dialect) => {
  const f = useAgentServer(dialect)
  let manager: AgentCredentials
  let n = 0
  /** A signed call as `as` (the query nonce keeps two identical requests in one second apart). */
  const call = (method: 'POST' | 'PATCH', path: string, body: unknown, as: AgentCredentials = manager) =>
    f.call(method, `${path}?n=${n++}`, { as, body })
  const eventConfig = async (eventId: string) => {
    const res = await fetch(`${f.s.base}/loyalty-api/event-config?brandId=${f.shopId}`)
    const config = (await res.json()) as { events: Array<{ eventId: string; rewardAmount: number }> }
    return config.events.find((e) => e.eventId === eventId)
  }

  it('creates an event: unlimited per user, maxClaims is the total limit; an existing type is 400', async () => {
    manager = await f.createKey('--tier', 'free', '--can-manage-program', '--brand', f.shopId, '--rate', '1000')
    const r = await call('POST', `/api/v1/brands/${f.shopId}/events`, {
      eventType: 'visit_store',
      rewardAmount: 40,
      maxClaims: 500,
      cooldownHours: 12,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.meta.tool).toBe('loyalty_agent_create_event')
    expect(r.body.data).toEqual({
      event: {
        eventId: 'visit_store',
        eventType: 'visit_store',
        rewardAmount: 40,
        maxClaims: 500,
        maxClaimsPerUser: -1,
        cooldownHours: 12,
        detectionMethod: 'url_pattern',
        enabled: true,
      },
    })
    const rule = await f.s.runtime.engine.rules.list({ brandId: f.shopId })
    expect(rule.find((x) => x.eventType === 'visit_store')).toMatchObject({ maxTotalClaims: 500, maxClaims: -1 })
    const defaults = await call('POST', `/api/v1/brands/${f.shopId}/events`, { eventType: 'share', rewardAmount: 5 })
    expect(defaults.body.data.event).toMatchObject({ maxClaims: 0, cooldownHours: 24 })

    const again = await call('POST', `/api/v1/brands/${f.shopId}/events`, { eventType: 'visit_store', rewardAmount: 1 })
    expect([again.status, again.body.error.code, again.body.error.details]).toEqual([
      400,
      'validation',
      [{ field: 'eventType', message: 'already exists' }],
    ])
    for (const [body, field] of [
      [{ eventType: 'x1', rewardAmount: 0 }, 'rewardAmount'],
      [{ eventType: 'x1', rewardAmount: 1_000_001 }, 'rewardAmount'],
      [{ eventType: 'x1' }, 'rewardAmount'],
      [{ eventType: 'bad type', rewardAmount: 1 }, 'eventType'],
      [{ eventType: 'x1', rewardAmount: 1, cooldownHours: 8761 }, 'cooldownHours'],
      [{ eventType: 'x1', rewardAmount: 1, maxClaims: -1 }, 'maxClaims'],
    ] as const) {
      const bad = await call('POST', `/api/v1/brands/${f.shopId}/events`, body)
      expect([bad.status, bad.body.error?.details?.[0]?.field], JSON.stringify(body)).toEqual([400, field])
    }
  })

  it('updates an event and the event-config answer follows at once; unknown → 404, nothing to change → 400', async () => {
    expect(await eventConfig('visit_store')).toMatchObject({ rewardAmount: 40 })
    const r = await call('PATCH', `/api/v1/brands/${f.shopId}/events/visit_store`, { rewardAmount: 60, maxClaims: 0 })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.event).toMatchObject({ rewardAmount: 60, maxClaims: 0, cooldownHours: 12, enabled: true })
    expect(await eventConfig('visit_store')).toMatchObject({ rewardAmount: 60 })
    const off = await call('PATCH', `/api/v1/brands/${f.shopId}/events/visit_store`, { enabled: false })
    expect(off.body.data.event.enabled).toBe(false)
    expect(await eventConfig('visit_store')).toBeUndefined()

    const unknown = await call('PATCH', `/api/v1/brands/${f.shopId}/events/no_such_event`, { rewardAmount: 1 })
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found'])
    const empty = await call('PATCH', `/api/v1/brands/${f.shopId}/events/visit_store`, {})
    expect([empty.status, empty.body.error.code]).toEqual([400, 'validation'])
    const bad = await call('PATCH', `/api/v1/brands/${f.shopId}/events/visit_store`, { enabled: 'yes' })
    expect([bad.status, bad.body.error.details[0].field]).toEqual([400, 'enabled'])
  })

  it('creates a perk on chain and changes its price and activity on chain; supply fixed; other brand 404', async () => {
    const r = await call('POST', `/api/v1/brands/${f.shopId}/perks`, {
      name: 'Tote bag',
      description: 'A canvas tote',
      priceInPoints: 120,
      maxSupply: 5,
      category: 'retail',
      tags: ['bag', 'eco'],
      discountCode: 'TOTE5',
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    const perk = r.body.data.perk
    expect(perk).toMatchObject({
      brandId: f.shopId,
      name: 'Tote bag',
      description: 'A canvas tote',
      category: 'retail',
      cost: 120,
      maxSupply: 5,
      claimed: 0,
      available: 5,
      maxPerUser: 1,
      isActive: true,
      discountCode: 'TOTE5',
    })
    expect((await f.s.runtime.engine.perks.list({ brandId: f.shopId })).length).toBe(2)
    const listed = await f.call('GET', `/api/v1/brands/${f.shopId}/perks`)
    expect(listed.body.data.perks.map((p: { name: string }) => p.name)).toEqual(['Coffee', 'Tote bag'])

    const path = `/api/v1/brands/${f.shopId}/perks/${perk.collectionId}`
    const changed = await call('PATCH', path, { priceInPoints: 150, isActive: false, description: 'Organic canvas' })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body.data.transactionHashes).toHaveLength(2)
    // Read back from the chain: the price and the active flag changed there.
    expect(changed.body.data.perk).toMatchObject({ cost: 150, isActive: false, description: 'Organic canvas' })
    const active = await f.call('GET', `/api/v1/brands/${f.shopId}/perks`)
    expect(active.body.data.perks.map((p: { name: string }) => p.name)).toEqual(['Coffee'])
    const same = await call('PATCH', path, { isActive: false })
    expect(same.body.data.transactionHashes).toEqual([])
    const back = await call('PATCH', path, { isActive: true })
    expect([back.body.data.transactionHashes.length, back.body.data.perk.isActive]).toEqual([1, true])

    const supply = await call('PATCH', path, { maxSupply: 10, priceInPoints: 1 })
    expect([supply.status, supply.body.error.details[0].field]).toEqual([400, 'maxSupply'])
    expect((await f.call('GET', `/api/v1/brands/${f.shopId}/perks`)).body.data.perks[1].cost).toBe(150)
    const empty = await call('PATCH', path, {})
    expect([empty.status, empty.body.error.code]).toEqual([400, 'validation'])

    const cafePerk = await f.s.runtime.engine.perks.create({ brandId: f.cafeId, name: 'Muffin', price: 5 })
    const foreign = await call('PATCH', `/api/v1/brands/${f.shopId}/perks/${cafePerk.collectionId}`, {
      isActive: false,
    })
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'not_found'])
    const unknown = await call('PATCH', `/api/v1/brands/${f.shopId}/perks/999999`, { isActive: false })
    expect(unknown.status).toBe(404)
    for (const [body, field] of [
      [{ name: 'x', description: 'y', priceInPoints: 0, maxSupply: 1 }, 'priceInPoints'],
      [{ name: 'x', description: 'y', priceInPoints: 1, maxSupply: 10_000_001 }, 'maxSupply'],
      [{ name: 'x'.repeat(101), description: 'y', priceInPoints: 1, maxSupply: 1 }, 'name'],
      [{ name: 'x', priceInPoints: 1, maxSupply: 1 }, 'description'],
    ] as const) {
      const bad = await call('POST', `/api/v1/brands/${f.shopId}/perks`, body)
      expect([bad.status, bad.body.error?.details?.[0]?.field], field).toEqual([400, field])
    }
  })

  it('refuses every program tool: unsigned 401, without canManageProgram 403, outside the brand scope 403', async () => {
    const plain = await f.createKey('--tier', 'enterprise', '--can-onboard', '--rate', '1000')
    const tools: Array<['POST' | 'PATCH', string, unknown]> = [
      ['POST', `/brands/${f.shopId}/events`, { eventType: 'nope', rewardAmount: 1 }],
      ['PATCH', `/brands/${f.shopId}/events/visit_store`, { rewardAmount: 1 }],
      ['POST', `/brands/${f.shopId}/perks`, { name: 'x', description: 'y', priceInPoints: 1, maxSupply: 1 }],
      ['PATCH', `/brands/${f.shopId}/perks/1`, { isActive: false }],
    ]
    for (const [method, path, body] of tools) {
      const unsigned = await f.call(method, `/api/v1${path}`, { body })
      expect([unsigned.status, unsigned.body.error.code], path).toEqual([401, 'auth_required'])
      const noPermission = await call(method, `/api/v1${path}`, body, plain)
      expect([noPermission.status, noPermission.body.error.code], path).toEqual([403, 'forbidden'])
      expect(noPermission.body.error.details).toMatchObject({ reason: 'permission', required: 'canManageProgram' })
      const otherBrand = path.replace(f.shopId, f.cafeId)
      const outside = await call(method, `/api/v1${otherBrand}`, body)
      expect([outside.status, outside.body.error.code], otherBrand).toEqual([403, 'forbidden'])
      expect(outside.body.error.details).toMatchObject({ reason: 'brand_scope', brandIds: [f.cafeId] })
    }
    // Nothing was written by the refused calls.
    const rules = await f.s.runtime.engine.rules.list({ brandId: f.shopId })
    expect(rules.find((r) => r.eventType === 'nope')).toBeUndefined()
    expect((await f.s.runtime.engine.perks.list({ brandId: f.shopId })).length).toBe(2)
  })
})
