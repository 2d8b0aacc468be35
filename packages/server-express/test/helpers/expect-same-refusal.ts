// How check-eligibility's first reason matches manual-event's refusal (docs/api/check-eligibility.md).
import { expect } from 'vitest'

export /** manual-event's answer for each reason, when it is the first (docs/api/check-eligibility.md). */
const MANUAL_EVENT_ANSWER: Record<string, { status: number; code: string }> = {
  domain: { status: 403, code: 'DOMAIN_NOT_AUTHORIZED' },
  unknown_event: { status: 400, code: 'EVENT_TYPE_NOT_CONFIGURED' },
  disabled: { status: 400, code: 'EVENT_TYPE_NOT_CONFIGURED' },
  channel: { status: 403, code: 'CHANNEL_NOT_ALLOWED' },
  duplicate: { status: 409, code: 'DUPLICATE_EVENT' },
  max_total_claims: { status: 429, code: 'MAX_TOTAL_CLAIMS_REACHED' },
  max_claims: { status: 429, code: 'MAX_CLAIMS_REACHED' },
  cooldown: { status: 429, code: 'COOLDOWN_ACTIVE' },
}

export /** The first reason says what manual-event's refusal says, field by field. */
function expectSameRefusal(
  reason: Record<string, unknown>,
  manual: { error: string; details: Record<string, unknown> },
) {
  const d = manual.details
  switch (reason.code) {
    case 'domain':
      expect(reason.message).toBe(manual.error)
      expect({ domain: reason.domain, configuredDomains: reason.configuredDomains }).toEqual(d)
      return
    case 'unknown_event':
    case 'disabled':
      expect(reason.eventType).toBe(d.eventType)
      return
    case 'channel':
      expect(reason).toMatchObject({ message: d.message, channel: d.channel, allowedChannels: d.allowedChannels })
      return
    case 'duplicate':
      expect(reason).toMatchObject({ message: d.message, existingEventId: d.existingEventId })
      return
    case 'max_total_claims':
      expect(reason).toMatchObject({ message: d.message, totalClaims: d.totalClaims, maxTotalClaims: d.maxTotalClaims })
      return
    case 'max_claims':
      expect(reason).toMatchObject({ message: d.message, totalClaims: d.totalClaims, maxClaims: d.maxClaims })
      return
    case 'cooldown':
      expect(reason.previousReward).toBe(d.previousReward)
      expect(Math.abs((reason.retryAfterSeconds as number) - (d.cooldownSeconds as number))).toBeLessThanOrEqual(2)
      return
    default:
      throw new Error(`unexpected reason ${String(reason.code)}`)
  }
}
