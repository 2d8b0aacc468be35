import { z } from 'zod'
import type { EventRule } from '../ports/rule-store'

/**
 * An event rule as the program tools show it (docs/agent-api.md #27): `maxClaims` is the rule's
 * **total** claim limit across users (0 = unlimited; stored as `max_total_claims`), `maxClaimsPerUser`
 * its per-user limit (−1 = unlimited).
 */
export const agentEventSchema = z.object({
  eventId: z.string(),
  eventType: z.string(),
  rewardAmount: z.number(),
  maxClaims: z.number().int(),
  maxClaimsPerUser: z.number().int(),
  cooldownHours: z.number(),
  detectionMethod: z.string(),
  enabled: z.boolean(),
})

export function agentEventView(rule: EventRule): z.output<typeof agentEventSchema> {
  return {
    eventId: rule.eventId,
    eventType: rule.eventType,
    rewardAmount: rule.rewardAmount,
    maxClaims: rule.maxTotalClaims ?? 0,
    maxClaimsPerUser: rule.maxClaims,
    cooldownHours: rule.cooldownHours,
    detectionMethod: rule.detectionMethod,
    enabled: rule.enabled,
  }
}
