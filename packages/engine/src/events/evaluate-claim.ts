/** Sources that bypass cooldown and per-user max claims (never the global max). */
export const INTERNAL_EVENT_SOURCES = ['chat_manual_reward', 'voice_claim', 'gateway_event'] as const

export type ClaimRule = {
  maxClaims: number
  cooldownHours: number
  maxTotalClaims: number | null
}

/** What storage knows about earlier claims, read under the claim's lock. */
export type ClaimHistory = {
  /** Accepted claims of this user for this rule. */
  userClaims: number
  /** The user's latest accepted claim of this rule, if any. */
  last: { eventId: string; at: number } | undefined
  /** Accepted claims of this rule across all users. */
  totalClaims: number
}

export type ClaimContext = {
  now: number
  /** `metadata.source` of the event. */
  source: string | undefined
  /** `metadata.skip_cooldown === true`. */
  skipCooldown: boolean
  /** Same event type + user inside this window is a duplicate. */
  duplicateWindowMs: number
}

export type ClaimDecision =
  | { ok: true }
  | { ok: false; reason: 'duplicate'; existingEventId: string }
  | { ok: false; reason: 'max_total_claims_reached'; totalClaims: number; maxTotalClaims: number }
  | { ok: false; reason: 'max_claims_reached'; totalClaims: number; maxClaims: number }
  | { ok: false; reason: 'cooldown'; cooldownSeconds: number; previousReward: string }

export function isUnlimited(maxClaims: number): boolean {
  return maxClaims === -1 || maxClaims >= 999999
}

export function isInternalSource(source: string | undefined): boolean {
  return (INTERNAL_EVENT_SOURCES as readonly string[]).includes(source ?? '')
}

/**
 * Decides whether a claim is accepted. Checked in order: duplicate window (409), global max (never
 * bypassed), per-user max and cooldown (internal sources bypass both; `skip_cooldown` bypasses the
 * cooldown only).
 */
export function evaluateClaim(rule: ClaimRule, history: ClaimHistory, ctx: ClaimContext): ClaimDecision {
  const internal = isInternalSource(ctx.source)
  const last = history.last
  // A window of 0 turns the check off, also against a clock a few ms behind the last claim's.
  if (last && !internal && ctx.duplicateWindowMs > 0 && ctx.now - last.at < ctx.duplicateWindowMs) {
    return { ok: false, reason: 'duplicate', existingEventId: last.eventId }
  }
  if (rule.maxTotalClaims !== null && history.totalClaims >= rule.maxTotalClaims) {
    return {
      ok: false,
      reason: 'max_total_claims_reached',
      totalClaims: history.totalClaims,
      maxTotalClaims: rule.maxTotalClaims,
    }
  }
  if (internal) return { ok: true }
  if (!isUnlimited(rule.maxClaims) && history.userClaims >= rule.maxClaims) {
    return { ok: false, reason: 'max_claims_reached', totalClaims: history.userClaims, maxClaims: rule.maxClaims }
  }
  if (last && !ctx.skipCooldown && rule.cooldownHours > 0) {
    const endsAt = last.at + rule.cooldownHours * 3_600_000
    if (ctx.now < endsAt) {
      return {
        ok: false,
        reason: 'cooldown',
        cooldownSeconds: Math.ceil((endsAt - ctx.now) / 1000),
        previousReward: last.eventId,
      }
    }
  }
  return { ok: true }
}
