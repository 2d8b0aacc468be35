import { readFileSync } from 'node:fs'
import { AGENT_TOOLS } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { AGENT_TOOLS_FILE, generateAgentTools } from '../scripts/generate-agent-tools'
import { AGENT_TOOL_ROUTES } from '../src/agent/generated/agent-tools'

describe('generated agent tools', () => {
  it('src/agent/generated/agent-tools.ts is what the registry generates now (run generate:agent-tools when this fails)', () => {
    expect(readFileSync(AGENT_TOOLS_FILE, 'utf8')).toBe(generateAgentTools())
  }, 60_000)

  it('lists every tool of the registry with its method, path and auth', () => {
    expect(AGENT_TOOL_ROUTES).toEqual(
      Object.fromEntries(AGENT_TOOLS.map((t) => [t.name, { method: t.method, path: t.path, auth: t.auth }])),
    )
  })
})
