import { AGENT_TOOLS, type AgentTool, type AgentToolGroup } from '@loyaltykit/engine'

const GROUPS: Record<AgentToolGroup, true> = {
  discover: true,
  analytics: true,
  commerce: true,
  actions: true,
  program: true,
  growth: true,
  converse: true,
}

/** The registry's tool groups (shared/agent-api.md (c)), each a toolset name of `/mcp?toolsets=`. */
const MCP_TOOL_GROUPS = Object.keys(GROUPS) as AgentToolGroup[]

/** Every word `?toolsets=`, `--toolsets` and `LOYALTYKIT_MCP_TOOLSETS` accept: the groups, `all` and `readonly`. */
export const MCP_TOOLSET_NAMES: readonly string[] = [...MCP_TOOL_GROUPS, 'all', 'readonly']

/** The default set: discover + analytics + commerce + actions (≤ 40 tools: Cursor loads the first 40). */
export const DEFAULT_MCP_TOOLSETS: readonly string[] = ['discover', 'analytics', 'commerce', 'actions']

/** The tools a toolset list selects, or undefined when it names an unknown toolset. */
export type McpToolSelection = { names: readonly string[]; tools: readonly AgentTool[] }

/**
 * The registry's tools a toolset list selects, in registry order: the named groups (`all`: every
 * group); `readonly` keeps the read-only tools of them (alone: of every group). Empty or unknown
 * names → undefined.
 */
export function selectMcpTools(names: readonly string[]): McpToolSelection | undefined {
  const words = names.map((n) => n.trim()).filter((n) => n !== '')
  if (words.length === 0 || words.some((w) => !MCP_TOOLSET_NAMES.includes(w))) return undefined
  const named = words.filter((w) => w in GROUPS)
  const groups = new Set<string>(words.includes('all') || named.length === 0 ? MCP_TOOL_GROUPS : named)
  const readOnly = words.includes('readonly')
  const tools = (AGENT_TOOLS as readonly AgentTool[]).filter(
    (t) => groups.has(t.group) && (!readOnly || t.annotations.readOnlyHint),
  )
  return { names: words, tools }
}
