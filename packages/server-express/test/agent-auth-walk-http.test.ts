import { AGENT_TIERS, AGENT_TOOLS, type AgentTier, type AgentTool } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { signatureHeaders } from '../../sdk/src/signing/signature-headers'
import { AGENT_TOOL_INPUTS, type AgentInputIds, agentParam } from '../fuzz/agent-tool-inputs'
import type { AgentAnswer, AgentCredentials } from './helpers/agent-client'
import { AGENT_USER_EMAIL, useAgentServer } from './helpers/agent-fixture'
import {
  brandsWrittenFor,
  inputPropertiesOf,
  outOfBoundsInputs,
  pathParametersOf,
  type WalkRequest,
  walkRequest,
} from './helpers/agent-walk'
import { testDialects } from './helpers/test-databases'

// Every tool of the registry over HTTP on one server (issue 14 point 8): auth, permission, tier and
// brand scope refusals, input bounds, the envelope of success, all derived from each tool's metadata
// (auth, permission, tier, input schema), so a tool added later is walked without an entry here.

const TOOLS = AGENT_TOOLS as unknown as readonly AgentTool[]
const route = (t: AgentTool) => `${t.method} ${t.path}`

// Spec 02 "Agent REST API", its Auth column: the A routes (every other route is P) and their extras.
const SPEC_SIGNED = [
  ...['GET /users/:userId/brands/:brandId/balance', 'GET /users/:userId/brands/:brandId/stats'],
  ...['GET /users/:userId/portfolio', 'POST /events', 'POST /events/bulk', 'POST /perks/redeem'],
  ...['POST /onboarding/brands', 'POST /onboarding/keys', 'POST /brands/:brandId/events'],
  ...['PATCH /brands/:brandId/events/:eventId', 'POST /brands/:brandId/perks'],
  ...['PATCH /brands/:brandId/perks/:collectionId', 'GET /agent/rewards', 'POST /agent/rewards/claim'],
  ...['GET /users/:userId/goals', 'GET /commerce/stack', 'GET /intelligence/users/:userId/persona'],
  ...['GET /intelligence/users/:userId/recommendations', 'POST /converse'],
]
const SPEC_PERMISSION: Record<string, AgentTool['permission']> = {
  'POST /onboarding/brands': 'canOnboard',
  'POST /onboarding/keys': 'canOnboard',
  'POST /brands/:brandId/events': 'canManageProgram',
  'PATCH /brands/:brandId/events/:eventId': 'canManageProgram',
  'POST /brands/:brandId/perks': 'canManageProgram',
  'PATCH /brands/:brandId/perks/:collectionId': 'canManageProgram',
}
const SPEC_TIER: Record<string, AgentTier[]> = { 'POST /converse': ['pro', 'enterprise'] }
// Its list bounds (limit maxima); `limit` is at least 1 everywhere.
const SPEC_LIMIT_MAX: Record<string, number> = {
  'GET /brands': 200,
  'GET /brands/rankings': 10,
  'GET /perks': 100,
  'GET /brands/:brandId/leaderboard': 100,
  'GET /intelligence/users/:userId/recommendations': 20,
  'GET /network/trending': 50,
}

describe('the agent registry declares the spec’s auth', () => {
  it('signed exactly where the spec says A, with its permission and tier, and the spec’s limit bounds', () => {
    for (const tool of TOOLS) {
      const r = route(tool)
      expect(tool.auth, r).toBe(SPEC_SIGNED.includes(r) ? 'signed' : 'public')
      expect(tool.permission, r).toBe(SPEC_PERMISSION[r])
      expect(tool.tier && [...tool.tier], r).toEqual(SPEC_TIER[r])
      const limit = inputPropertiesOf(tool).limit
      if (SPEC_LIMIT_MAX[r] !== undefined) expect([limit?.minimum, limit?.maximum], r).toEqual([1, SPEC_LIMIT_MAX[r]])
    }
  })
})

describe.each(testDialects)('every agent tool’s guards over HTTP on $dialect', (dialect) => {
  const f = useAgentServer(dialect, {
    LOYALTYKIT_AGENT_PUBLIC_PER_MIN: '100000000',
    LOYALTYKIT_AGENT_RATE_LIMIT_PER_MIN: '100000000',
  })
  let nonce = 0
  const keys = new Map<string, Promise<AgentCredentials>>()
  /** A key made once per distinct grant (the engine's createKey, as the CLI does). */
  const keyWith = (grant: { tier: AgentTier; perm?: AgentTool['permission']; scope?: string[]; revoked?: true }) => {
    const id = JSON.stringify(grant)
    let key = keys.get(id)
    if (!key) {
      const engine = f.s.runtime.engine
      key = engine.agent
        .createKey({
          name: `walk ${keys.size}`,
          tier: grant.tier,
          canOnboard: grant.perm === 'canOnboard',
          canManageProgram: grant.perm === 'canManageProgram',
          ...(grant.scope ? { brandScope: grant.scope } : {}),
        })
        .then(async ({ key, secret }) => {
          if (grant.revoked) await engine.agent.revokeKey({ id: key.id })
          return { keyId: key.id, secret }
        })
      keys.set(id, key)
    }
    return key
  }
  const send = (r: WalkRequest, options: { as?: AgentCredentials; headers?: Record<string, string> } = {}) =>
    f.call(r.method, r.path, { ...options, ...(r.body ? { body: r.body } : {}) })
  const headersFor = (r: WalkRequest, as: AgentCredentials, timestamp?: number) =>
    signatureHeaders(
      { type: 'agent', ...as },
      {
        method: r.method,
        path: r.path,
        ...(r.body ? { body: JSON.stringify(r.body) } : {}),
        ...(timestamp === undefined ? {} : { timestamp }),
      },
    )
  const expectError = (r: AgentAnswer, status: number, code: string, reason: unknown, label: string) => {
    expect([r.status, r.body.error?.details?.reason], `${label}: ${JSON.stringify(r.body).slice(0, 400)}`).toEqual([
      status,
      reason,
    ])
    expect(Object.keys(r.body), label).toEqual(['error'])
    expect(r.body.error, label).toMatchObject({ message: expect.any(String), code, status })
  }
  const expectSuccess = (r: AgentAnswer, tool: AgentTool, label: string) => {
    expect(r.status, `${label}: ${JSON.stringify(r.body).slice(0, 400)}`).toBe(200)
    expect(Object.keys(r.body).sort(), label).toEqual(['data', 'meta'])
    expect(Object.keys(r.body.meta).sort(), label).toEqual(['timestamp', 'tool'])
    expect(r.body.meta.tool, label).toBe(tool.name)
    expect(new Date(r.body.meta.timestamp).toISOString(), label).toBe(r.body.meta.timestamp)
  }

  /** One valid input per tool from the seeded data (fuzz/agent-tool-inputs.ts) and its path parameters. */
  async function validInput(tool: AgentTool): Promise<Record<string, unknown>> {
    const [coffee] = await f.s.runtime.engine.perks.list({ brandId: f.shopId })
    if (!coffee) throw new Error('the fixture has no perk')
    const ids: AgentInputIds = {
      brand: { brandId: f.shopId },
      other: { brandId: f.cafeId },
      member: { email: AGENT_USER_EMAIL, walletAddress: f.wallet },
      perkId: coffee.id,
    }
    const params = pathParametersOf(tool).map((n) => [
      n,
      n === 'collectionId' ? String(coffee.collectionId) : agentParam(ids, n),
    ])
    const input = { ...Object.fromEntries(params), ...AGENT_TOOL_INPUTS[tool.name]?.(ids) }
    // Keys are managed only for a brand the calling key onboarded: the brand onboard_brand made before.
    if (tool.name === 'loyalty_agent_manage_keys') {
      input.brandId = AGENT_TOOL_INPUTS.loyalty_agent_onboard_brand?.(ids).brandAddress
    }
    return input
  }

  it.each(TOOLS.map((tool) => ({ tool, label: `${tool.name} (${tool.auth})` })))('walks $label', async ({ tool }) => {
    const valid = await validInput(tool)
    const request = (input: Record<string, unknown>) => walkRequest('/api/v1', tool, input, nonce++)
    const writesFor = brandsWrittenFor(tool, valid)
    // The least grant the metadata allows: its permission, its lowest tier, scoped to its brands.
    const grant = {
      tier: tool.tier?.[0] ?? ('free' as AgentTier),
      ...(tool.permission ? { perm: tool.permission } : {}),
      ...(tool.brandsOf && writesFor.length > 0 ? { scope: writesFor } : {}),
    }
    const key = await keyWith(grant)

    // Auth: a signed tool refuses every request it cannot verify; a public one verifies a signature when sent.
    if (tool.auth === 'signed') {
      expectError(await send(request(valid)), 401, 'auth_required', 'MISSING_SIGNATURE', 'no headers')
      for (const header of ['X-LOYALTY-Agent-Key', 'X-LOYALTY-Timestamp', 'X-LOYALTY-Signature']) {
        const r = request(valid)
        const headers = await headersFor(r, key)
        delete headers[header]
        expectError(await send(r, { headers }), 401, 'auth_required', 'MISSING_SIGNATURE', `no ${header}`)
      }
      const now = Math.floor(Date.now() / 1000)
      const refusals: Array<[string, AgentCredentials, number | undefined, string]> = [
        ['a bad signature', { ...key, secret: `${key.secret}x` }, undefined, 'BAD_SIGNATURE'],
        ['an unknown key', { ...key, keyId: 'lak_000000000000000000000000' }, undefined, 'UNKNOWN_AGENT_KEY'],
        ['a revoked key', await keyWith({ ...grant, revoked: true }), undefined, 'UNKNOWN_AGENT_KEY'],
        ['a stale timestamp', key, now - 301, 'STALE_TIMESTAMP'],
        ['a future timestamp', key, now + 360, 'STALE_TIMESTAMP'],
      ]
      for (const [label, as, timestamp, reason] of refusals) {
        const r = request(valid)
        expectError(await send(r, { headers: await headersFor(r, as, timestamp) }), 401, 'auth_required', reason, label)
      }
    } else {
      const bad = await send(request(valid), { as: { ...key, secret: `${key.secret}x` } })
      expectError(bad, 401, 'auth_required', 'BAD_SIGNATURE', 'public, a bad signature')
      if (inputPropertiesOf(tool).userId && !pathParametersOf(tool).includes('userId')) {
        // "P (personalized needs auth)": a user's data only to a signed request.
        const personal = { ...valid, userId: AGENT_USER_EMAIL }
        expectError(await send(request(personal)), 401, 'auth_required', 'MISSING_SIGNATURE', 'public with userId')
        expectSuccess(await send(request(personal), { as: key }), tool, 'public with userId, signed')
      }
    }

    // Permission, tier and brand scope: each missing grant is 403 forbidden.
    if (tool.permission) {
      const without = await keyWith({ ...grant, perm: undefined })
      expectError(await send(request(valid), { as: without }), 403, 'forbidden', 'permission', 'no permission')
    }
    for (const tier of AGENT_TIERS.filter((t) => tool.tier && !tool.tier.includes(t))) {
      const r = await send(request(valid), { as: await keyWith({ ...grant, tier }) })
      expectError(r, 403, 'forbidden', 'tier', `tier ${tier}`)
    }
    if (writesFor.length > 0) {
      const elsewhere = [f.shopId, f.cafeId].filter((b) => !writesFor.includes(b)).slice(0, 1)
      const r = await send(request(valid), { as: await keyWith({ ...grant, scope: elsewhere }) })
      expectError(r, 403, 'forbidden', 'brand_scope', `scoped to ${elsewhere}`)
    }

    // Bounds: refused with the field named, never clamped; a limit at its maximum passes.
    for (const bad of outOfBoundsInputs(tool, valid)) {
      const r = await send(request(bad.input), { as: key })
      expectError(r, 400, 'validation', undefined, bad.label)
      expect(
        r.body.error.details.map((d: { field: string }) => d.field),
        bad.label,
      ).toContain(bad.field)
    }
    const limit = inputPropertiesOf(tool).limit?.maximum
    if (limit !== undefined) {
      expectSuccess(await send(request({ ...valid, limit: String(limit) }), { as: key }), tool, 'limit at max')
    }

    // Success with an unknown key (ignored): unsigned on a public tool, signed; the signature is spent.
    const withUnknown = { ...valid, unknownKey: 'ignored' }
    if (tool.auth === 'public') expectSuccess(await send(request(withUnknown)), tool, 'public, unsigned')
    const r = request(withUnknown)
    const headers = await headersFor(r, key)
    expectSuccess(await send(r, { headers }), tool, 'signed')
    expectError(await send(r, { headers }), 401, 'auth_required', 'REPLAYED_SIGNATURE', 'replayed')
  })
})
