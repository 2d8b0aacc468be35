import { readFileSync } from 'node:fs'
import { AGENT_TOOLS } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { generateMcpDocs, MCP_DOC, renderMcpTools } from '../scripts/generate-mcp-docs'

describe('docs/mcp.md', () => {
  const doc = readFileSync(MCP_DOC, 'utf8')

  it('holds the tools table the registry generates now (run `pnpm docs:mcp` when this fails)', () => {
    expect(generateMcpDocs(doc)).toBe(doc)
  })

  it('has one row per registry tool, in registry order, with its toolset and annotations', () => {
    const rows = renderMcpTools()
      .split('\n')
      .filter((line) => line.startsWith('| `'))
    expect(rows.map((r) => /^\| `(\w+)`/.exec(r)?.[1])).toEqual(AGENT_TOOLS.map((t) => t.name))
    const yesNo = (v: boolean | undefined) => (v === undefined ? '–' : v ? 'yes' : 'no')
    for (const [i, t] of AGENT_TOOLS.entries()) {
      const cells = (rows[i] ?? '').split('|').map((c) => c.trim())
      const a = t.annotations as {
        readOnlyHint: boolean
        destructiveHint?: boolean
        idempotentHint?: boolean
        openWorldHint: boolean
      }
      expect([cells[2], ...cells.slice(4, 8)], t.name).toEqual([
        t.group,
        yesNo(a.readOnlyHint),
        yesNo(a.destructiveHint),
        yesNo(a.idempotentHint),
        yesNo(a.openWorldHint),
      ])
    }
    expect(() => generateMcpDocs('# no markers')).toThrow(/lacks the markers/)
  })
})
