import { type AgentToolOutput, createLoyaltyClient } from '@loyaltykit/sdk'
import { askOverMcp, type McpAnswer, type McpBridgeCommand } from './ask-over-mcp'

export type AgentExampleParameters = {
  /** Where loyaltykit runs, e.g. http://localhost:3000. */
  baseUrl: string
  /** An agent key (`loyaltykit agent-key create --tier pro …`): id and secret. */
  agentKeyId: string
  agentSecret: string
  /** The user the agent redeems a perk for: an email with a custodial wallet, or a 0x address. */
  userId: string
  /** The purchase to compare cashback on, in USD. */
  purchaseAmount: number
  /** How to start `loyaltykit mcp`; absent: the MCP part is skipped. */
  mcp?: McpBridgeCommand
}

export type AgentExampleResult = {
  brands: AgentToolOutput<'loyalty_agent_list_brands'>
  cashback: AgentToolOutput<'loyalty_agent_compare_cashback'> | null
  portfolio: AgentToolOutput<'loyalty_agent_user_portfolio'>
  /** null when the user can afford no perk. */
  redemption: AgentToolOutput<'loyalty_agent_redeem_perk'> | null
  answer: AgentToolOutput<'loyalty_agent_converse'>
  /** The same cashback comparison through an MCP client over stdio; null without `mcp`. */
  mcp: McpAnswer | null
}

/**
 * What an agent does with the agent API through `client.agent` (every call signed with the key):
 * discover the brands, compare what a purchase earns back at each, redeem the costliest perk the
 * user can afford, ask a question in plain words (`/converse`, pro and enterprise keys), then
 * connect as an MCP client over stdio (`loyaltykit mcp`) and compare the cashback again there.
 */
export async function runAgentExample(p: AgentExampleParameters): Promise<AgentExampleResult> {
  const loyalty = createLoyaltyClient({ baseUrl: p.baseUrl, agentKeyId: p.agentKeyId, agentSecret: p.agentSecret })
  const sign = { sign: true }
  const brands = await loyalty.agent.listBrands({ limit: 10 }, sign)
  const brandIds = brands.brands.map((b) => b.brandId).join(',')
  const cashback =
    brands.brands.length >= 2
      ? await loyalty.agent.compareCashback({ brandIds, purchaseAmount: p.purchaseAmount }, sign)
      : null
  const portfolio = await loyalty.agent.userPortfolio({ userId: p.userId })
  const perk = portfolio.bestAffordablePerk
  const redemption = perk
    ? await loyalty.agent.redeemPerk({ perkId: perk.id, userId: p.userId, brandId: perk.brandId })
    : null
  const answer = await loyalty.agent.converse({
    query: `where should I shop to get the most back on $${p.purchaseAmount}?`,
  })
  const mcp = p.mcp && cashback ? await askOverMcp(p.mcp, { brandIds, purchaseAmount: p.purchaseAmount }) : null
  return { brands, cashback, portfolio, redemption, answer, mcp }
}
