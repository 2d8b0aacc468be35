import type { FuzzFixture } from './fuzz-fixture'

/** What agent tool inputs are made of: the fuzz fixture's ids, or any suite's seeded ones. */
export type AgentInputIds = Pick<FuzzFixture, 'perkId'> & {
  brand: { brandId: string }
  other: { brandId: string }
  member: FuzzFixture['member']
}

/** A path parameter of an agent tool, from the fixture: a brand, a member, an address, else a number. */
export function agentParam(f: AgentInputIds, name: string): string {
  if (/brand/i.test(name)) return f.brand.brandId
  if (/email|user/i.test(name)) return f.member.email
  if (/address|wallet/i.test(name)) return f.member.walletAddress
  if (name === 'eventId') return 'account_creation'
  return '1'
}

/**
 * A valid input of an agent tool, by tool name, from the fixture (tools absent here start from `{}`).
 * The redeem names the fixture's perk, which the member can never afford: every redemption is
 * refused, and the fuzzer checks that a refusal changes neither the ledger nor the chain.
 */
export const AGENT_TOOL_INPUTS: Record<string, (f: AgentInputIds) => Record<string, unknown>> = {
  loyalty_agent_redeem_perk: (f) => ({ perkId: f.perkId, userId: f.member.email, brandId: f.brand.brandId }),
  loyalty_agent_process_event: (f) => ({ brandId: f.brand.brandId, eventType: 'form_submit', userId: f.member.email }),
  loyalty_agent_claim_reward: (f) => ({ rewardType: 'discovery', brandAddress: f.brand.brandId }),
  loyalty_agent_process_bulk: (f) => ({
    events: [{ brandId: f.brand.brandId, eventType: 'newsletter_subscribe', userId: f.member.email }],
  }),
  loyalty_agent_check_brand: () => ({ query: 'shop' }),
  loyalty_agent_compare_cashback: (f) => ({ brandIds: `${f.brand.brandId},${f.other.brandId}`, purchaseAmount: '50' }),
  loyalty_agent_network_analytics: () => ({ period: '7d' }),
  loyalty_agent_brand_analytics: () => ({ period: '90d' }),
  loyalty_agent_event_performance: () => ({ period: '30d' }),
  loyalty_agent_compare_brands: (f) => ({ brandIds: `${f.brand.brandId},${f.other.brandId}`, period: '7d' }),
  loyalty_agent_network_trending: () => ({ period: '30d', limit: '5' }),
  loyalty_agent_network_flows: () => ({ period: '90d' }),
  loyalty_agent_brand_rankings: () => ({ limit: '5' }),
  loyalty_agent_browse_perks: (f) => ({ brandId: f.brand.brandId, maxPrice: '1000', limit: '10' }),
  loyalty_agent_user_recommendations: () => ({ limit: '3' }),
  loyalty_agent_create_event: () => ({ eventType: 'fuzz_visit', rewardAmount: 10, maxClaims: 0, cooldownHours: 24 }),
  loyalty_agent_update_event: () => ({ rewardAmount: 20, enabled: true, maxClaims: 5, cooldownHours: 1 }),
  loyalty_agent_create_perk: () => ({
    name: 'Fuzz perk',
    description: 'A perk',
    priceInPoints: 10,
    maxSupply: 5,
    maxPerUser: 1,
    tags: ['fuzz'],
    discountCode: 'FUZZ',
  }),
  loyalty_agent_request_info: () => ({
    businessName: 'Fuzz Co',
    contactEmail: 'lead@fuzz.example',
    website: 'https://fuzz.example',
    industry: 'retail',
  }),
  loyalty_agent_onboard_brand: () => ({
    brandAddress: `0x${'f'.repeat(40)}`,
    businessName: 'Fuzz brand',
    contactEmail: 'owner@fuzz.example',
    website: 'https://fuzz.example',
    category: 'retail',
    description: 'A brand',
  }),
  loyalty_agent_manage_keys: (f) => ({ action: 'status', brandId: f.brand.brandId }),
  loyalty_agent_update_perk: () => ({ priceInPoints: 12, isActive: true, description: 'Changed' }),
  loyalty_agent_converse: () => ({ query: 'how is shop doing this week?' }),
  loyalty_agent_leaderboard: () => ({ metric: 'activity', period: 'weekly', limit: '5' }),
  loyalty_agent_best_deals: () => ({ intent: 'coffee', budget: '1000', limit: '5' }),
  loyalty_agent_next_goal: (f) => ({ brandId: f.brand.brandId }),
  loyalty_agent_route_purchase: () => ({ intent: 'shoes', purchaseAmount: '50' }),
  loyalty_agent_stack_deals: (f) => ({ brandId: f.brand.brandId, purchaseAmount: '25', userId: f.member.email }),
}
