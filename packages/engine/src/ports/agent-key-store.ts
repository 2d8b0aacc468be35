/** What an agent key may reach: `/converse` needs pro or enterprise (spec 02, "Agent permissions"). */
export type AgentTier = 'free' | 'pro' | 'enterprise'

export const AGENT_TIERS: readonly AgentTier[] = ['free', 'pro', 'enterprise']

/**
 * An agent API key (docs/agent-api.md#keys): the id is public (`X-LOYALTY-Agent-Key`), the HMAC
 * secret is stored as a KeyVault ciphertext (the server needs it in clear to check signatures).
 */
export type AgentKeyRecord = {
  /** `lak_` + 24 hex digits. */
  id: string
  name: string
  /** KeyVault ciphertext of the HMAC secret; never the secret itself. */
  secretCiphertext: string
  tier: AgentTier
  canOnboard: boolean
  canManageProgram: boolean
  /** Brands the key may write for (events, redemptions, program management); null = every brand. */
  brandScope: string[] | null
  /** Signed requests per minute; null = the server's default. */
  rateLimitPerMinute: number | null
  createdAt: number
  /** When the secret was last replaced (`agent-key rotate`); null if never. */
  rotatedAt: number | null
  revokedAt: number | null
  /** Last accepted signed request, to the minute; null if never used. */
  lastUsedAt: number | null
}

export interface AgentKeyStore {
  /** Plain insert; the id is the primary key (a duplicate throws the driver's error). */
  create(key: AgentKeyRecord): Promise<void>
  /** Also answers revoked keys: callers check `revokedAt`. */
  get(id: string): Promise<AgentKeyRecord | undefined>
  /** Oldest first. */
  list(): Promise<AgentKeyRecord[]>
  /** Atomic: sets `revokedAt` once; true only for the call that revoked it (false if unknown or already revoked). */
  revoke(id: string, at: number): Promise<boolean>
  /**
   * Atomic: replaces the secret of an active key in one UPDATE … WHERE revoked_at IS NULL; false
   * when the key is unknown or revoked. The old secret stops working at once.
   */
  rotate(id: string, secretCiphertext: string, at: number): Promise<boolean>
  /** Sets `lastUsedAt` to `at` when it is older than a minute (one conditional UPDATE; cheap on every request). */
  touch(id: string, at: number): Promise<void>
}
