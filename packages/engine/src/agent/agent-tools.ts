import { bestDealsTool } from './tools/best-deals'
import { brandAnalyticsTool } from './tools/brand-analytics'
import { brandAudienceTool } from './tools/brand-audience'
import { brandHealthTool } from './tools/brand-health'
import { brandInfoTool } from './tools/brand-info'
import { brandPerksTool } from './tools/brand-perks'
import { brandRankingsTool } from './tools/brand-rankings'
import { browsePerksTool } from './tools/browse-perks'
import { checkBrandTool } from './tools/check-brand'
import { claimRewardTool } from './tools/claim-reward'
import { compareBrandsTool } from './tools/compare-brands'
import { compareCashbackTool } from './tools/compare-cashback'
import { converseTool } from './tools/converse'
import { createEventTool } from './tools/create-event'
import { createPerkTool } from './tools/create-perk'
import { estimateRoiTool } from './tools/estimate-roi'
import { eventPerformanceTool } from './tools/event-performance'
import { leaderboardTool } from './tools/leaderboard'
import { listBrandsTool } from './tools/list-brands'
import { manageKeysTool } from './tools/manage-keys'
import { myRewardsTool } from './tools/my-rewards'
import { networkAnalyticsTool } from './tools/network-analytics'
import { networkFlowsTool } from './tools/network-flows'
import { networkInfoTool } from './tools/network-info'
import { networkStatsTool } from './tools/network-stats'
import { networkTrendingTool } from './tools/network-trending'
import { nextGoalTool } from './tools/next-goal'
import { onboardBrandTool } from './tools/onboard-brand'
import { perkAnalyticsTool } from './tools/perk-analytics'
import { perkAudienceTool } from './tools/perk-audience'
import { perkIntelligenceTool } from './tools/perk-intelligence'
import { processBulkTool } from './tools/process-bulk'
import { processEventTool } from './tools/process-event'
import { redeemPerkTool } from './tools/redeem-perk'
import { requestInfoTool } from './tools/request-info'
import { routePurchaseTool } from './tools/route-purchase'
import { stackDealsTool } from './tools/stack-deals'
import { suggestEventsTool } from './tools/suggest-events'
import { suggestPerksTool } from './tools/suggest-perks'
import { updateEventTool } from './tools/update-event'
import { updatePerkTool } from './tools/update-perk'
import { userBalanceTool } from './tools/user-balance'
import { userPersonaTool } from './tools/user-persona'
import { userPortfolioTool } from './tools/user-portfolio'
import { userRecommendationsTool } from './tools/user-recommendations'
import { userStatsTool } from './tools/user-stats'

/**
 * THE registry of agent tools (docs/agent-api.md), in the spec's order. The REST router
 * (`/api/v1`), and next MCP, OpenAPI and /converse, are generated from it; nothing else lists tools.
 */
export const AGENT_TOOLS = [
  networkInfoTool,
  networkStatsTool,
  listBrandsTool,
  checkBrandTool,
  brandRankingsTool,
  brandInfoTool,
  brandPerksTool,
  browsePerksTool,
  leaderboardTool,
  userBalanceTool,
  processEventTool,
  processBulkTool,
  userStatsTool,
  userPortfolioTool,
  redeemPerkTool,
  claimRewardTool,
  myRewardsTool,
  estimateRoiTool,
  requestInfoTool,
  onboardBrandTool,
  manageKeysTool,
  networkAnalyticsTool,
  brandAnalyticsTool,
  eventPerformanceTool,
  perkAnalyticsTool,
  brandHealthTool,
  createEventTool,
  updateEventTool,
  createPerkTool,
  updatePerkTool,
  compareBrandsTool,
  compareCashbackTool,
  perkIntelligenceTool,
  perkAudienceTool,
  brandAudienceTool,
  networkFlowsTool,
  networkTrendingTool,
  suggestEventsTool,
  suggestPerksTool,
  userPersonaTool,
  userRecommendationsTool,
  bestDealsTool,
  nextGoalTool,
  routePurchaseTool,
  stackDealsTool,
  converseTool,
] as const
