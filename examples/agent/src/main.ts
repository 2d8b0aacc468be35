import { fileURLToPath } from 'node:url'
import { runAgentExample } from './run-agent-example'

// Usage: LOYALTYKIT_URL=http://localhost:3000 LOYALTYKIT_AGENT_KEY_ID=lak_… LOYALTYKIT_AGENT_SECRET=lks_… USER_ID=ann@example.com pnpm start
const agentKeyId = process.env.LOYALTYKIT_AGENT_KEY_ID
const agentSecret = process.env.LOYALTYKIT_AGENT_SECRET
const userId = process.env.USER_ID
if (!agentKeyId || !agentSecret || !userId) {
  console.error(
    'Set LOYALTYKIT_AGENT_KEY_ID and LOYALTYKIT_AGENT_SECRET (`loyaltykit agent-key create --name demo --tier pro --json`) and USER_ID (an email rewarded on this server).',
  )
  process.exit(1)
}
const baseUrl = process.env.LOYALTYKIT_URL ?? 'http://localhost:3000'
// The built CLI of this repository (`pnpm build`); MCP=off skips the MCP part.
const cli = fileURLToPath(new URL('../../../packages/server-express/bin/loyaltykit.mjs', import.meta.url))
const result = await runAgentExample({
  baseUrl,
  agentKeyId,
  agentSecret,
  userId,
  purchaseAmount: Number(process.env.PURCHASE_USD ?? 120),
  ...(process.env.MCP === 'off'
    ? {}
    : {
        mcp: {
          command: process.execPath,
          args: [cli, 'mcp', '--server', baseUrl],
          env: {
            PATH: process.env.PATH ?? '',
            LOYALTYKIT_AGENT_KEY_ID: agentKeyId,
            LOYALTYKIT_AGENT_SECRET: agentSecret,
          },
        },
      }),
})
console.log(`${result.brands.total} brands: ${result.brands.brands.map((b) => b.name).join(', ')}`)
for (const c of result.cashback?.comparisons ?? []) {
  console.log(`  ${c.name}: ${c.cashbackPoints} points back ($${c.cashbackUsd}, ${c.cashbackPercent}%)`)
}
console.log(
  result.redemption
    ? `redeemed ${result.redemption.perk.name} for ${userId}: code ${result.redemption.confirmationCode}, ${result.redemption.pointsSpent} points`
    : `${userId} can afford no perk yet (balance ${result.portfolio.totalBalance})`,
)
console.log(`converse (${result.answer.intent}, ${result.answer.planner}): ${result.answer.response}`)
if (result.mcp) {
  console.log(
    `MCP over stdio (${result.mcp.server}): ${result.mcp.tools.length} tools; compare_cashback answered as REST did`,
  )
}
