// Writes the tools table of docs/mcp.md from the agent tool registry (AGENT_TOOLS): name, toolset,
// who may call it, and its MCP annotations. Only the text between the GENERATED markers changes.
// Run: pnpm docs:mcp. test/mcp-docs.test.ts regenerates in memory and fails when the document is stale.
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AGENT_TOOLS, type AgentTool } from '@loyaltykit/engine'
import { DEFAULT_MCP_TOOLSETS } from '../src/mcp/mcp-toolsets'
import { biomeFormat } from './generate-config-docs'

export const MCP_DOC = resolve(fileURLToPath(import.meta.url), '../../../../docs/mcp.md')

const BEGIN = '<!-- BEGIN GENERATED: tools (pnpm docs:mcp writes this from the agent tool registry) -->'
const END = '<!-- END GENERATED: tools -->'

const hint = (v: boolean | undefined) => (v === undefined ? '–' : v ? 'yes' : 'no')

function caller(t: AgentTool): string {
  const parts = [t.auth === 'public' ? 'anyone' : 'signed']
  if (t.permission) parts.push(`\`${t.permission}\``)
  if (t.tier) parts.push(t.tier.join('/'))
  return parts.join(', ')
}

/** The generated part: the default set's size and one row per tool, in registry order. */
export function renderMcpTools(): string {
  const tools = AGENT_TOOLS as readonly AgentTool[]
  const defaults = tools.filter((t) => DEFAULT_MCP_TOOLSETS.includes(t.group)).length
  const rows = tools.map((t) => {
    const a = t.annotations
    const cells = [`\`${t.name}\``, t.group, caller(t), hint(a.readOnlyHint), hint(a.destructiveHint)]
    return `| ${[...cells, hint(a.idempotentHint), hint(a.openWorldHint)].join(' | ')} |`
  })
  return [
    `${tools.length} tools in the registry; the default toolsets (${DEFAULT_MCP_TOOLSETS.join(', ')}) hold ${defaults}.`,
    '',
    '| Tool | Toolset | Caller | readOnly | destructive | idempotent | openWorld |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n')
}

/** `markdown` with the text between the GENERATED markers replaced by renderMcpTools(), formatted. */
export function generateMcpDocs(markdown: string): string {
  const start = markdown.indexOf(BEGIN)
  const end = markdown.indexOf(END)
  if (start < 0 || end < start) throw new Error(`docs/mcp.md lacks the markers ${BEGIN} … ${END}`)
  return biomeFormat(
    `${markdown.slice(0, start + BEGIN.length)}\n\n${renderMcpTools()}\n${markdown.slice(end)}`,
    MCP_DOC,
  )
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(MCP_DOC, generateMcpDocs(readFileSync(MCP_DOC, 'utf8')))
  console.log(`wrote ${MCP_DOC}`)
}
