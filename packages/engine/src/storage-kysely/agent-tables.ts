/** Tables of the agent API (migrations 0016-agent-keys, 0023-agent-reward-claims); conventions of `database.ts`. */
export interface AgentTables {
  agent_keys: AgentKeysTable
  agent_reward_claims: AgentRewardClaimsTable
}

export interface AgentRewardClaimsTable {
  id: string
  agent_key_id: string
  /** discovery | onboarding */
  reward_type: string
  brand_address: string
  /** Whole tokens. */
  amount: number
  mint_job_id: string
  wallet_address: string
  created_at: number
}

export interface AgentKeysTable {
  /** `lak_…`, primary key. */
  id: string
  name: string
  /** KeyVault ciphertext of the HMAC secret. */
  secret_ciphertext: string
  /** free | pro | enterprise */
  tier: string
  can_onboard: number
  can_manage_program: number
  /** JSON array of brand ids, or null for every brand. */
  brand_scope: string | null
  rate_limit_per_minute: number | null
  created_at: number
  rotated_at: number | null
  revoked_at: number | null
  last_used_at: number | null
}
