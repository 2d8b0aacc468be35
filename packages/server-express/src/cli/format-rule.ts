import type { EventRule } from '@loyaltykit/engine'

/** One human-readable line per rule (CLI output). */
export function formatRule(r: EventRule): string {
  const claims = r.maxClaims === -1 || r.maxClaims === 999999 ? 'unlimited' : String(r.maxClaims)
  const parts = [
    `${r.eventType.padEnd(22)} reward ${String(r.rewardAmount).padStart(5)}`,
    `max claims ${claims}`,
    `cooldown ${r.cooldownHours}h`,
    r.maxTotalClaims === null ? '' : `max total ${r.maxTotalClaims}`,
    r.detectionConfig.channels?.length ? `channels ${r.detectionConfig.channels.join(',')}` : '',
    r.detectionConfig.urlPatterns.length ? `urls ${r.detectionConfig.urlPatterns.join(' ')}` : '',
    r.detectionConfig.successSelectors.length ? `selectors ${r.detectionConfig.successSelectors.join(' ')}` : '',
    r.isCustom ? 'custom' : '',
    r.enabled ? '' : 'DISABLED',
  ]
  return parts.filter(Boolean).join('  ')
}
