import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { AgentCredentials } from './helpers/agent-client'
import { useAgentServer } from './helpers/agent-fixture'
import { testDialects } from './helpers/test-databases'

// The growth tools that write (docs/agent-api.md #19–21) over HTTP: request_info (one lead per email
// and website host), onboard_brand (a brand with the default rules and keys; no secret in the answer;
// an existing brand is 400) and manage_keys (only the brands this key onboarded; rotate and revoke
// change the stored keys, never answer them), with the refusals: unsigned 401, no canOnboard 403.
describe.each(testDialects)('agent onboarding tools over HTTP on $dialect', (dialect) => {
  const f = useAgentServer(dialect)
  let onboarder: AgentCredentials
  let n = 0
  const post = (path: string, body: unknown, as?: AgentCredentials) =>
    f.call('POST', `/api/v1${path}${as ? `?n=${n++}` : ''}`, { body, ...(as ? { as } : {}) })
  const address = () => `0x${randomBytes(20).toString('hex')}`

  it('records a lead once per email and website host; validates each field', async () => {
    const body = {
      businessName: 'Acme Shoes',
      contactEmail: 'Owner@Acme.example',
      website: 'https://www.acme.example/shop',
      industry: 'Retail',
    }
    const first = await post('/growth/request-info', body)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.meta.tool).toBe('loyalty_agent_request_info')
    expect(first.body.data).toEqual({ leadId: expect.any(String), created: true })
    // Same email (any case) and host (www. ignored, other path): the same lead.
    const again = await post('/growth/request-info', {
      ...body,
      contactEmail: 'owner@acme.example',
      website: 'acme.example',
    })
    expect(again.body.data).toEqual({ leadId: first.body.data.leadId, created: false })
    const other = await post('/growth/request-info', { ...body, website: 'https://other.example' })
    expect(other.body.data.created).toBe(true)
    const rows = await f.s.runtime.engine.ctx.storage.growthLeads.record({
      id: 'probe',
      businessName: 'x',
      contactEmail: 'owner@acme.example',
      website: null,
      websiteHost: 'acme.example',
      industry: null,
      createdAt: 0,
    })
    expect(rows.lead).toMatchObject({ id: first.body.data.leadId, businessName: 'Acme Shoes', industry: 'retail' })
    for (const [bad, field] of [
      [{ contactEmail: 'a@b.example' }, 'businessName'],
      [{ businessName: 'x'.repeat(101), contactEmail: 'a@b.example' }, 'businessName'],
      [{ businessName: 'X', contactEmail: 'nope' }, 'contactEmail'],
      [{ businessName: 'X', contactEmail: 'a@b.example', website: 'ftp://x.example' }, 'website'],
    ] as const) {
      const r = await post('/growth/request-info', bad)
      expect([r.status, r.body.error?.details?.[0]?.field], field).toEqual([400, field])
    }
  })

  it('onboards a brand at its address with the default rules, answers no secret, and refuses it again', async () => {
    onboarder = await f.createKey('--tier', 'free', '--can-onboard', '--rate', '1000')
    const brandAddress = address()
    const body = {
      brandAddress: brandAddress.toUpperCase().replace('0X', '0x'),
      businessName: 'Corner Cafe',
      contactEmail: 'hi@corner.example',
      website: 'https://corner.example/menu',
      category: 'dining',
      description: 'Coffee and cake',
    }
    const r = await post('/onboarding/brands', body, onboarder)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toEqual({
      brand: {
        brandId: brandAddress,
        name: 'Corner Cafe',
        category: 'dining',
        description: 'Coffee and cake',
        website: 'https://corner.example',
        rewardEvents: 6,
        maxReward: 200,
        perkCount: 0,
        contactEmail: 'hi@corner.example',
        onboardedByAgentKeyId: onboarder.keyId,
      },
      credentials: { issued: true, retrieval: `loyaltykit brand keys --brand ${brandAddress}` },
      nextSteps: expect.any(Array),
    })
    const securityKey = await f.s.runtime.engine.brands.getSecurityKey({ brandId: brandAddress })
    expect(JSON.stringify(r.body)).not.toContain(securityKey)
    expect(JSON.stringify(r.body)).not.toMatch(/lksk_|"lk_/)
    const stored = await f.s.runtime.engine.brands.get({ brandId: brandAddress })
    expect(stored).toMatchObject({ onboardedByAgentKeyId: onboarder.keyId, websites: ['https://corner.example'] })

    const again = await post('/onboarding/brands', { ...body, businessName: 'Again' }, onboarder)
    expect([again.status, again.body.error.code]).toEqual([400, 'validation'])
    expect((await f.s.runtime.engine.brands.get({ brandId: brandAddress })).name).toBe('Corner Cafe')
    const bad = await post('/onboarding/brands', { ...body, brandAddress: address(), category: 'shoes' }, onboarder)
    expect([bad.status, bad.body.error.details[0].field]).toEqual([400, 'category'])
    const long = await post(
      '/onboarding/brands',
      { ...body, brandAddress: address(), description: 'x'.repeat(501) },
      onboarder,
    )
    expect([long.status, long.body.error.details[0].field]).toEqual([400, 'description'])
  })

  it('manages the keys of a brand this key onboarded only: status, rotate, revoke; never a key in the answer', async () => {
    const brandId = address()
    const made = await post(
      '/onboarding/brands',
      { brandAddress: brandId, businessName: 'Keys', contactEmail: 'k@keys.example' },
      onboarder,
    )
    expect(made.status).toBe(200)
    const status = await post('/onboarding/keys', { action: 'status', brandId }, onboarder)
    expect(status.status, JSON.stringify(status.body)).toBe(200)
    expect(status.body.data).toMatchObject({ brandId, action: 'status', revoked: 0, securityKey: { present: true } })
    const setAt = status.body.data.securityKey.rotatedAt as number
    expect(setAt).toBeGreaterThan(0)
    // Keys made in one millisecond list in id order (random): compare them sorted.
    expect(status.body.data.apiKeys.map((k: { scopes: string[] }) => k.scopes.join(',')).sort()).toEqual([
      'constraints,events',
      'dns',
    ])
    expect(status.body.data.apiKeys.every((k: { revokedAt: unknown }) => k.revokedAt === null)).toBe(true)

    const before = await f.s.runtime.engine.brands.getSecurityKey({ brandId })
    await new Promise((r) => setTimeout(r, 5))
    const rotated = await post('/onboarding/keys', { action: 'rotate', brandId }, onboarder)
    expect(rotated.status).toBe(200)
    const after = await f.s.runtime.engine.brands.getSecurityKey({ brandId })
    expect(after).not.toBe(before)
    expect(JSON.stringify(rotated.body)).not.toContain(after)
    expect(rotated.body.data.securityKey.rotatedAt).toBeGreaterThan(setAt)

    const revoked = await post('/onboarding/keys', { action: 'revoke', brandId }, onboarder)
    expect(revoked.body.data.revoked).toBe(1)
    const keys = revoked.body.data.apiKeys as Array<{ scopes: string[]; revokedAt: number | null }>
    expect(keys.map((k) => [k.scopes.join(','), k.revokedAt === null]).sort()).toEqual([
      ['constraints,events', false],
      ['dns', true],
    ])
    expect((await post('/onboarding/keys', { action: 'revoke', brandId }, onboarder)).body.data.revoked).toBe(0)

    // Another onboarding key, a brand not onboarded by an agent: 403; unknown brand 404; bad action 400.
    const other = await f.createKey('--tier', 'free', '--can-onboard', '--rate', '1000')
    const foreign = await post('/onboarding/keys', { action: 'status', brandId }, other)
    expect([foreign.status, foreign.body.error.code]).toEqual([403, 'forbidden'])
    const cli = await post('/onboarding/keys', { action: 'rotate', brandId: f.shopId }, onboarder)
    expect([cli.status, cli.body.error.code]).toEqual([403, 'forbidden'])
    const unknown = await post('/onboarding/keys', { action: 'status', brandId: address() }, onboarder)
    expect(unknown.status).toBe(404)
    const action = await post('/onboarding/keys', { action: 'delete', brandId }, onboarder)
    expect([action.status, action.body.error.details[0].field]).toEqual([400, 'action'])
  })

  it('refuses onboarding and key management unsigned (401) and without canOnboard (403)', async () => {
    const plain = await f.createKey('--tier', 'enterprise', '--can-manage-program', '--rate', '1000')
    const calls: Array<[string, unknown]> = [
      ['/onboarding/brands', { brandAddress: address(), businessName: 'X', contactEmail: 'x@x.example' }],
      ['/onboarding/keys', { action: 'status', brandId: f.shopId }],
    ]
    for (const [path, body] of calls) {
      const unsigned = await post(path, body)
      expect([unsigned.status, unsigned.body.error.code], path).toEqual([401, 'auth_required'])
      const refused = await post(path, body, plain)
      expect([refused.status, refused.body.error.code], path).toEqual([403, 'forbidden'])
      expect(refused.body.error.details).toMatchObject({ reason: 'permission', required: 'canOnboard' })
    }
    expect((await f.s.runtime.engine.brands.list()).filter((b) => b.name === 'X')).toEqual([])
  })
})
