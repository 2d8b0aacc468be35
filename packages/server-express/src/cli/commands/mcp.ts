import { runMcpStdioBridge } from '../../mcp/mcp-stdio-bridge'
import { MCP_TOOLSET_NAMES, selectMcpTools } from '../../mcp/mcp-toolsets'
import type { Command } from '../command'
import { UsageError } from '../usage-error'

const path = ['mcp']

export const mcpCommand: Command = {
  path,
  summary: 'Serve the agent tools to an MCP client over stdio (a signing bridge to a server’s /mcp)',
  help: `[--server URL] [--toolsets LIST]

For MCP clients that start a command (Claude Desktop, Cursor, …): reads JSON-RPC messages on stdin,
POSTs each to the running server's /mcp signed with the agent key LOYALTYKIT_AGENT_KEY_ID and
LOYALTYKIT_AGENT_SECRET (unset: unsigned, public tools only), and writes the answers to stdout.
Opens no database and no chain: start the server first (loyaltykit start). Logs go to stderr.
See docs/mcp.md.

Options:
  --server URL      The loyaltykit server (default http://127.0.0.1:<PORT>)
  --toolsets LIST   Comma-separated: ${MCP_TOOLSET_NAMES.join(', ')} (default LOYALTYKIT_MCP_TOOLSETS)
  -h, --help        Show this help`,
  options: {
    server: { type: 'string' },
    toolsets: { type: 'string' },
  },
  async run({ values, io }) {
    const server = (values.server as string | undefined) ?? `http://127.0.0.1:${io.config.server.port}`
    let url: URL
    try {
      url = new URL(`${server.replace(/\/+$/, '')}/mcp`)
    } catch {
      throw new UsageError('--server must be a URL like http://127.0.0.1:3000', path, 'server')
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new UsageError('--server must be an http:// or https:// URL', path, 'server')
    }
    const toolsets = (values.toolsets as string | undefined)?.split(',') ?? io.config.agent.mcpToolsets
    if (!selectMcpTools(toolsets)) {
      throw new UsageError(`--toolsets takes ${MCP_TOOLSET_NAMES.join(', ')}`, path, 'toolsets')
    }
    url.searchParams.set('toolsets', toolsets.map((t) => t.trim()).join(','))
    const { keyId, secret } = io.config.agent.signingKey
    if ((keyId === undefined) !== (secret === undefined)) {
      throw new UsageError('set both LOYALTYKIT_AGENT_KEY_ID and LOYALTYKIT_AGENT_SECRET, or neither', path)
    }
    const key = keyId && secret ? { keyId, secret } : undefined
    if (!key) io.stderr.write('loyaltykit mcp: no agent key set, unsigned: public tools only\n')
    await runMcpStdioBridge({ url, key, stdin: process.stdin, stdout: io.stdout, stderr: io.stderr })
    return 0
  },
}
