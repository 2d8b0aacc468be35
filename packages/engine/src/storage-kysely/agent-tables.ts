/** Tables of the agent API (migration 0016-agent-keys); conventions of `database.ts`. */
export interface AgentTables {
  agent_keys: AgentKeysTable
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
