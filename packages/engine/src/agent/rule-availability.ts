import type { EngineContext } from '../context'
import { type ClaimRefusal, claimRefusals } from '../events/evaluate-claim'
import type { EventRule } from '../ports/rule-store'

/** Whether a user can earn an enabled rule of a brand now, and how many times more. */
export type RuleAvailability = {
  rule: EventRule
  /** The user's accepted claims of the rule. */
  claims: number
  /** Epoch ms of the user's last claim, or null. */
  lastAt: number | null
  /** The checks the next claim fails now (max claims, global max, cooldown); empty = claimable now. */
  refusals: ClaimRefusal[]
  /** Claims left to the user (per-user and global maximum), null when unlimited. */
  remainingClaims: number | null
  /** Epoch ms from which the cooldown allows the next claim (now or earlier when none). */
  availableAt: number
}

const unlimited = (maxClaims: number) => maxClaims === -1 || maxClaims >= 999999

/**
 * Every enabled rule of the brand judged for one user as the event pipeline would judge their next
 * claim (`claimRefusals`, no duplicate window, no internal source): the user's claims are the larger
 * of their claim counter (`claimKey`: normalised email or lowercase address) and their wallet's reward
 * events of that type, so a user named by address is judged on what their wallet earned.
 */
export async function ruleAvailability(
  ctx: EngineContext,
  p: { brandId: string; walletAddress: string; claimKey: string },
): Promise<RuleAvailability[]> {
  const now = ctx.clock.now()
  const [rules, earned] = await Promise.all([
    ctx.storage.rules.list(p.brandId),
    ctx.storage.activity.walletEventTypes({ walletAddress: p.walletAddress, brandId: p.brandId }),
  ])
  const byType = new Map(earned.map((e) => [e.eventType, e]))
  return Promise.all(
    rules.map(async (rule) => {
      const counter = await ctx.storage.events.readClaimHistory({
        brandId: p.brandId,
        eventType: rule.eventType,
        userKey: p.claimKey,
      })
      const wallet = byType.get(rule.eventType)
      const claims = Math.max(counter.userClaims, wallet?.claims ?? 0)
      const lastAt = Math.max(counter.last?.at ?? 0, wallet?.lastAt ?? 0) || null
      const history = {
        userClaims: claims,
        last: lastAt === null ? undefined : { eventId: counter.last?.eventId ?? '', at: lastAt },
        totalClaims: counter.totalClaims,
      }
      const refusals = claimRefusals(rule, history, {
        now,
        source: undefined,
        skipCooldown: false,
        duplicateWindowMs: 0,
      })
      const perUser = unlimited(rule.maxClaims) ? null : Math.max(0, rule.maxClaims - claims)
      const global = rule.maxTotalClaims === null ? null : Math.max(0, rule.maxTotalClaims - counter.totalClaims)
      const remainingClaims = perUser === null ? global : global === null ? perUser : Math.min(perUser, global)
      const availableAt =
        lastAt !== null && rule.cooldownHours > 0 ? Math.max(now, lastAt + rule.cooldownHours * 3_600_000) : now
      return { rule, claims, lastAt, refusals, remainingClaims, availableAt }
    }),
  )
}
