/** Per-minute request limits of the agent API (spec 02 "Limits"); the server's config overrides them. */
export type AgentRateLimits = {
  /** Unsigned requests per client IP per minute (spec: 100). */
  publicPerMinute: number
  /** Signed requests per agent key per minute, unless the key has its own (spec: 20, "configurable"). */
  signedPerMinute: number
}

export const AGENT_RATE_LIMITS: AgentRateLimits = { publicPerMinute: 100, signedPerMinute: 20 }
