import { describe, expect, it } from 'vitest'
import type { AgentKeyView } from './agent-key-view'
import type { AgentCaller } from './agent-tool'
import { authorizeAgentCall } from './authorize-agent-call'

const key: AgentKeyView = {
  id: 'lak_000000000000000000000001',
  name: 'test',
  tier: 'free',
  canOnboard: false,
  canManageProgram: false,
  brandScope: null,
  rateLimitPerMinute: null,
  createdAt: 0,
  rotatedAt: null,
  revokedAt: null,
  lastUsedAt: null,
}
const agent = (k: Partial<AgentKeyView> = {}): AgentCaller => ({
  kind: 'agent',
  ip: '127.0.0.1',
  key: { ...key, ...k },
})
const A = `0x${'a'.repeat(40)}`
const B = `0x${'b'.repeat(40)}`

const refusal = (fn: () => void) => {
  try {
    fn()
  } catch (e) {
    return {
      code: (e as { code: string }).code,
      category: (e as { category: string }).category,
      details: (e as { details: unknown }).details,
    }
  }
  return undefined
}

describe('authorizeAgentCall', () => {
  it('refuses a key without the permission, and lets one with it through', () => {
    const tool = { permission: 'canManageProgram' as const }
    expect(refusal(() => authorizeAgentCall(tool, agent()))).toEqual({
      code: 'FORBIDDEN',
      category: 'permission',
      details: { reason: 'permission', required: 'canManageProgram' },
    })
    expect(refusal(() => authorizeAgentCall(tool, agent({ canManageProgram: true })))).toBeUndefined()
    expect(
      refusal(() => authorizeAgentCall({ permission: 'canOnboard' }, agent({ canManageProgram: true }))),
    ).toMatchObject({
      details: { reason: 'permission', required: 'canOnboard' },
    })
  })

  it('refuses a free key on a pro/enterprise tool', () => {
    const tool = { tier: ['pro', 'enterprise'] as const }
    expect(refusal(() => authorizeAgentCall(tool, agent()))).toMatchObject({
      category: 'permission',
      details: { reason: 'tier', tier: 'free' },
    })
    expect(refusal(() => authorizeAgentCall(tool, agent({ tier: 'pro' })))).toBeUndefined()
    expect(refusal(() => authorizeAgentCall(tool, agent({ tier: 'enterprise' })))).toBeUndefined()
  })

  it("refuses a write for a brand outside the key's scope; no scope means every brand", () => {
    const tool = { brandsOf: (input: Record<string, unknown>) => [input.brandId as string] }
    expect(refusal(() => authorizeAgentCall(tool, agent({ brandScope: [A] }), { brandId: B }))).toMatchObject({
      category: 'permission',
      details: { reason: 'brand_scope', brandIds: [B] },
    })
    expect(refusal(() => authorizeAgentCall(tool, agent({ brandScope: [A] }), { brandId: A }))).toBeUndefined()
    expect(refusal(() => authorizeAgentCall(tool, agent(), { brandId: B }))).toBeUndefined()
  })

  it('lets public callers through (signed tools refused them before)', () => {
    expect(
      refusal(() => authorizeAgentCall({ permission: 'canOnboard' }, { kind: 'public', ip: '::1' })),
    ).toBeUndefined()
  })
})
