import type { AgentRewardClaim, AgentRewardType } from '../ports/agent-reward-store'
import { DAY_MS } from './day-ms'

/** docs/agent-api.md#claim_reward: what each reward pays and how many a key may claim. */
export const AGENT_REWARDS: Record<AgentRewardType, { amount: number; daily: number; weekly: number }> = {
  discovery: { amount: 100, daily: 10, weekly: 50 },
  onboarding: { amount: 500, daily: 3, weekly: 10 },
}

/** A brand is new (its discovery claimable) for this long after it was created. */
export const DISCOVERY_WINDOW_MS = 30 * DAY_MS

/** The caps' rolling windows: the last 24 hours and the last 7 days. */
export const CAP_WINDOWS = { daily: DAY_MS, weekly: 7 * DAY_MS } as const

type CapUse = { limit: number; used: number; remaining: number }

/** One reward type's caps as of `now`, and when the next claim may be made if one is full (epoch ms). */
export type AgentRewardCaps = { daily: CapUse; weekly: CapUse; nextClaimAt: number | null }

/**
 * The key's use of `type`'s caps, from its claims of the last 7 days (any order): each window counts
 * the claims made inside it. When a window is full, the next claim is possible once its oldest claim
 * inside leaves it (`nextClaimAt`, the later of the full windows).
 */
export function agentRewardCaps(claims: AgentRewardClaim[], type: AgentRewardType, now: number): AgentRewardCaps {
  const times = claims
    .filter((c) => c.rewardType === type)
    .map((c) => c.createdAt)
    .sort((a, b) => a - b)
  let nextClaimAt: number | null = null
  const use = (window: 'daily' | 'weekly'): CapUse => {
    const limit = AGENT_REWARDS[type][window]
    const inside = times.filter((t) => t > now - CAP_WINDOWS[window])
    if (inside.length >= limit) {
      // The (used − limit + 1)-th oldest claim inside must leave for one slot to open.
      const frees = (inside[inside.length - limit] as number) + CAP_WINDOWS[window]
      nextClaimAt = Math.max(nextClaimAt ?? 0, frees)
    }
    return { limit, used: inside.length, remaining: Math.max(0, limit - inside.length) }
  }
  const daily = use('daily')
  const weekly = use('weekly')
  return { daily, weekly, nextClaimAt }
}
