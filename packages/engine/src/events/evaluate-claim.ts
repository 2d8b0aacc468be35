import type { EligibilityReason } from './check-eligibility-schema'

/** Sources that bypass cooldown and per-user max claims (never the global max). */
const INTERNAL_EVENT_SOURCES = ['chat_manual_reward', 'voice_claim', 'gateway_event'] as const

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

function isUnlimited(maxClaims: number): boolean {
  return maxClaims === -1 || maxClaims >= 999999
}

function isInternalSource(source: string | undefined): boolean {
  return (INTERNAL_EVENT_SOURCES as readonly string[]).includes(source ?? '')
}

/** A refusal of the claim checks: the reasons `judgeEvent` lists after the domain, rule and channel. */
export type ClaimRefusal = Extract<
  EligibilityReason,
  { code: 'duplicate' | 'max_total_claims' | 'max_claims' | 'cooldown' }
>

/** The refusal of a rule whose global maximum is used up (also when a concurrent claim took the last place). */
export function maxTotalClaimsRefusal(totalClaims: number, maxTotalClaims: number): ClaimRefusal {
  return {
    code: 'max_total_claims',
    message: `This reward has reached its global limit of ${maxTotalClaims} claims`,
    totalClaims,
    maxTotalClaims,
  }
}

/**
 * Every claim check that refuses, in order: duplicate window (409), global max (never bypassed),
 * per-user max and cooldown (internal sources bypass the duplicate window, the per-user max and the
 * cooldown; `skip_cooldown` bypasses the cooldown only). Empty when the claim is accepted.
 */
export function claimRefusals(rule: ClaimRule, history: ClaimHistory, ctx: ClaimContext): ClaimRefusal[] {
  const internal = isInternalSource(ctx.source)
  const last = history.last
  const refusals: ClaimRefusal[] = []
  // A window of 0 turns the check off, also against a clock a few ms behind the last claim's.
  if (last && !internal && ctx.duplicateWindowMs > 0 && ctx.now - last.at < ctx.duplicateWindowMs) {
    const windowSeconds = Math.round(ctx.duplicateWindowMs / 1000)
    refusals.push({
      code: 'duplicate',
      message: `The same event for this user was accepted less than ${windowSeconds} seconds ago`,
      existingEventId: last.eventId,
      retryAfterSeconds: Math.max(0, Math.ceil((last.at + ctx.duplicateWindowMs - ctx.now) / 1000)),
      windowSeconds,
    })
  }
  if (rule.maxTotalClaims !== null && history.totalClaims >= rule.maxTotalClaims) {
    refusals.push(maxTotalClaimsRefusal(history.totalClaims, rule.maxTotalClaims))
  }
  if (internal) return refusals
  if (!isUnlimited(rule.maxClaims) && history.userClaims >= rule.maxClaims) {
    refusals.push({
      code: 'max_claims',
      message: `This user has claimed this reward ${history.userClaims} of ${rule.maxClaims} times`,
      totalClaims: history.userClaims,
      maxClaims: rule.maxClaims,
    })
  }
  if (last && !ctx.skipCooldown && rule.cooldownHours > 0) {
    const endsAt = last.at + rule.cooldownHours * 3_600_000
    if (ctx.now < endsAt) {
      const seconds = Math.ceil((endsAt - ctx.now) / 1000)
      refusals.push({
        code: 'cooldown',
        message: `This reward was already earned; try again in ${seconds} seconds`,
        retryAfterSeconds: seconds,
        previousReward: last.eventId,
      })
    }
  }
  return refusals
}

/** The first refusal of `claimRefusals`, as a decision (the engine's public API since before the list). */
export function evaluateClaim(rule: ClaimRule, history: ClaimHistory, ctx: ClaimContext): ClaimDecision {
  const [first] = claimRefusals(rule, history, ctx)
  switch (first?.code) {
    case undefined:
      return { ok: true }
    case 'duplicate':
      return { ok: false, reason: 'duplicate', existingEventId: first.existingEventId }
    case 'max_total_claims':
      return {
        ok: false,
        reason: 'max_total_claims_reached',
        totalClaims: first.totalClaims,
        maxTotalClaims: first.maxTotalClaims,
      }
    case 'max_claims':
      return { ok: false, reason: 'max_claims_reached', totalClaims: first.totalClaims, maxClaims: first.maxClaims }
    case 'cooldown':
      return {
        ok: false,
        reason: 'cooldown',
        cooldownSeconds: first.retryAfterSeconds,
        previousReward: first.previousReward,
      }
  }
}
