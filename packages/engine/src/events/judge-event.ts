import type { DetectionConfig } from '../ports/rule-store'
import type { EligibilityReason } from './check-eligibility-schema'
import { type ClaimHistory, type ClaimRule, claimRefusals } from './evaluate-claim'
import { judgeEventDomain } from './judge-event-domain'

/** What the judge knows of an event: its body, who sent it, the brand's rule and the user's claims. */
export type EventFacts = {
  /** The parsed manual-event body (the fields the rule's checks read). */
  input: {
    eventType: string
    domain?: string | undefined
    sourceUrl?: string | undefined
    channel_id?: string | undefined
    metadata?: Record<string, unknown> | undefined
  }
  /** The request's `Origin` header, when there is one. */
  origin: string | undefined
  /** The brand's websites. */
  websites: readonly string[]
  /** The brand's rule for `input.eventType`, enabled or not; undefined when it has none. */
  rule: (ClaimRule & { enabled: boolean; detectionConfig: Pick<DetectionConfig, 'channels'> }) | undefined
  /** The caller presented the brand's events-scoped API key: only then do internal sources bypass checks. */
  trusted: boolean
  /** An authenticated source (an agent key) sent it: the domain is not judged. */
  skipDomain?: boolean | undefined
  /** Same event type + user inside this window is a duplicate; 0 turns the check off. */
  duplicateWindowMs: number
  /** The user's claims of this rule and the rule's total. Omitted: the claim checks are not judged. */
  history?: ClaimHistory | undefined
  now: number
}

/**
 * THE judgement of an event against a brand's rule, for manual-event, bulk-events and
 * check-eligibility alike: every refusal that applies, in the order manual-event checks them —
 * domain, unknown_event | disabled, channel, then the claim checks (duplicate, max_total_claims,
 * max_claims, cooldown; see `claimRefusals`). Empty: the event is accepted. Pure.
 *
 * A refused domain is the only refusal listed: nothing about the brand's rules or the user's claims
 * is told to a request that fails the domain check (manual-event answers it 403 before any of them).
 * An unknown event type stops the judgement (there is no rule to judge by); a disabled rule is
 * judged on (its channel and limits still say what re-enabling it would allow).
 */
export function judgeEvent(facts: EventFacts): EligibilityReason[] {
  const { input, rule } = facts
  const domain = facts.skipDomain ? undefined : judgeEventDomain(input, facts.origin, facts.websites)
  if (domain) return [domain]
  if (!rule) {
    return [
      {
        code: 'unknown_event',
        message: `Event type ${input.eventType} is not configured for this brand`,
        eventType: input.eventType,
      },
    ]
  }
  const refusals: EligibilityReason[] = []
  if (!rule.enabled) {
    refusals.push({
      code: 'disabled',
      message: `Event type ${input.eventType} is disabled for this brand`,
      eventType: input.eventType,
    })
  }
  const allowed = rule.detectionConfig.channels ?? []
  const channel = input.channel_id
  if (channel !== undefined && allowed.length > 0 && !allowed.some((c) => sameChannel(c, channel))) {
    refusals.push({
      code: 'channel',
      message: `This event is not allowed in channel ${channel}`,
      channel,
      allowedChannels: allowed,
    })
  }
  if (!facts.history) return refusals
  const source = input.metadata?.source
  return refusals.concat(
    claimRefusals(rule, facts.history, {
      now: facts.now,
      // Internal sources bypass the per-user checks only for callers holding the brand's key.
      source: facts.trusted && typeof source === 'string' ? source : undefined,
      skipCooldown: input.metadata?.skip_cooldown === true,
      duplicateWindowMs: facts.duplicateWindowMs,
    }),
  )
}

/** Channel names match case-insensitively, a leading `#` ignored on both sides. */
function sameChannel(a: string, b: string): boolean {
  return a.replace(/^#/, '').toLowerCase() === b.replace(/^#/, '').toLowerCase()
}
