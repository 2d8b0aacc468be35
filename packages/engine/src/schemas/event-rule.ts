import { z } from 'zod'
import type { EventRule } from '../ports/rule-store'

/** An event rule on the wire, as event-config returns it (spec 01, "Event rule"). */
export const eventRuleWireSchema = z.object({
  eventId: z.string(),
  eventType: z.string(),
  rewardAmount: z.number(),
  maxClaims: z.number(),
  cooldownHours: z.number(),
  maxTotalClaims: z.number().optional(),
  detectionMethod: z.string(),
  detectionConfig: z.object({
    urlPatterns: z.array(z.string()),
    successSelectors: z.array(z.string()),
    channels: z.array(z.string()).optional(),
  }),
  isCustom: z.boolean(),
})

export type EventRuleWire = z.infer<typeof eventRuleWireSchema>

/** The wire shape of a stored rule (drops brandId, enabled, updatedAt; omits an absent maxTotalClaims). */
export function toEventRuleWire(rule: EventRule): EventRuleWire {
  const { urlPatterns, successSelectors, channels } = rule.detectionConfig
  return {
    eventId: rule.eventId,
    eventType: rule.eventType,
    rewardAmount: rule.rewardAmount,
    maxClaims: rule.maxClaims,
    cooldownHours: rule.cooldownHours,
    ...(rule.maxTotalClaims === null ? {} : { maxTotalClaims: rule.maxTotalClaims }),
    detectionMethod: rule.detectionMethod,
    detectionConfig: { urlPatterns, successSelectors, ...(channels === undefined ? {} : { channels }) },
    isCustom: rule.isCustom,
  }
}
