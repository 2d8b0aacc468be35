import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

/** How to start `loyaltykit mcp` (the stdio bridge to a running server's /mcp). */
export type McpBridgeCommand = {
  command: string
  args: string[]
  cwd?: string
  /** Must hold LOYALTYKIT_AGENT_KEY_ID and LOYALTYKIT_AGENT_SECRET: the bridge signs with them. */
  env: Record<string, string>
}

export type McpAnswer = {
  /** The server's name in the MCP handshake. */
  server: string | undefined
  /** The tools listed to this key (the default toolsets). */
  tools: string[]
  /** compare_cashback's `structuredContent`: the same `data` as the REST answer. */
  cashback: unknown
}

/**
 * The agent as an MCP client: spawns `loyaltykit mcp` over stdio with the MCP SDK's own client,
 * initializes, lists the tools and calls compare_cashback through MCP.
 */
export async function askOverMcp(
  bridge: McpBridgeCommand,
  input: { brandIds: string; purchaseAmount: number },
): Promise<McpAnswer> {
  const transport = new StdioClientTransport({ ...bridge, stderr: 'pipe' })
  const client = new Client({ name: 'loyaltykit-example-agent', version: '1.0.0' })
  await client.connect(transport)
  try {
    const { tools } = await client.listTools()
    const result = await client.callTool({ name: 'loyalty_agent_compare_cashback', arguments: input })
    if (result.isError) throw new Error(`compare_cashback over MCP failed: ${JSON.stringify(result.content)}`)
    return {
      server: client.getServerVersion()?.name,
      tools: tools.map((t) => t.name),
      cashback: result.structuredContent,
    }
  } finally {
    await client.close()
  }
}
