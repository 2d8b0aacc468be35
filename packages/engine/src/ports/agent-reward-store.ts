/** What an agent is paid for (docs/agent-api.md#claim_reward): finding a new brand, or onboarding one. */
export type AgentRewardType = 'discovery' | 'onboarding'

export const AGENT_REWARD_TYPES: readonly AgentRewardType[] = ['discovery', 'onboarding']

/** One paid agent reward: at most one per (reward type, brand), network-wide. */
export type AgentRewardClaim = {
  id: string
  agentKeyId: string
  rewardType: AgentRewardType
  /** The brand (lowercase 0x address). */
  brandAddress: string
  /** Whole tokens minted to the key's custodial wallet. */
  amount: number
  /** The mint job paying it (committed with the claim). */
  mintJobId: string
  walletAddress: string
  createdAt: number
}

/**
 * Agent reward claims (`agent_reward_claims`, docs/agent-api.md#claim_reward). Write them in the
 * transaction of the mint job that pays them.
 */
export interface AgentRewardStore {
  /**
   * In the caller's transaction: holds the agent key's row until the transaction ends (PostgreSQL
   * `FOR UPDATE`; SQLite's writer lock), so concurrent claims of one key are judged against its caps
   * one after the other, each seeing what the previous one committed.
   */
  lockKey(agentKeyId: string): Promise<void>
  /**
   * Atomic: unique on (reward type, brand address) — `insert … on conflict do nothing`; of concurrent
   * callers for one pair (any keys, any processes) exactly one answers true, the others false.
   */
  record(claim: AgentRewardClaim): Promise<boolean>
  /** The claim of a (type, brand) pair, if paid. */
  find(p: { rewardType: AgentRewardType; brandAddress: string }): Promise<AgentRewardClaim | undefined>
  /** The key's claims made at or after `since`, oldest first. */
  listSince(p: { agentKeyId: string; since: number }): Promise<AgentRewardClaim[]>
  /** Σ amount of the key's claims per reward type, all time (0 for a type never claimed). */
  earnings(agentKeyId: string): Promise<Record<AgentRewardType, number>>
}
