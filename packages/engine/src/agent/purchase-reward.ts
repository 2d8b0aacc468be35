import type { EventRule } from '../ports/rule-store'

/**
 * Tokens a purchase earns at a brand (agent-api.md "Cashback"): the reward of its enabled `purchase`
 * rule, else of `place_order`, else 0. `rules` are the brand's enabled rules.
 */
export function purchaseReward(rules: readonly EventRule[]): number {
  const rule = rules.find((r) => r.eventType === 'purchase') ?? rules.find((r) => r.eventType === 'place_order')
  return rule?.rewardAmount ?? 0
}
