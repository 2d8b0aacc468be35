import type { EventRule } from '../ports/rule-store'

/**
 * A rule with the spec's defaults: one claim per user, 24 h cooldown, no global limit, detection
 * `url_pattern` with no patterns, enabled. `custom_…` event types are custom events.
 */
export function newEventRule(p: { brandId: string; eventType: string; rewardAmount: number; now: number }): EventRule {
  return {
    brandId: p.brandId,
    eventType: p.eventType,
    eventId: p.eventType,
    rewardAmount: p.rewardAmount,
    maxClaims: 1,
    cooldownHours: 24,
    maxTotalClaims: null,
    detectionMethod: 'url_pattern',
    detectionConfig: { urlPatterns: [], successSelectors: [] },
    isCustom: p.eventType.startsWith('custom_'),
    enabled: true,
    updatedAt: p.now,
  }
}
