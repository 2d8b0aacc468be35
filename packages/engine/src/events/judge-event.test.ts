import { describe, expect, it } from 'vitest'
import type { ClaimHistory } from './evaluate-claim'
import { type EventFacts, judgeEvent } from './judge-event'

const HOUR = 3_600_000
const NOW = 1_000 * HOUR
const rule = {
  maxClaims: 1,
  cooldownHours: 24,
  maxTotalClaims: null as number | null,
  enabled: true,
  detectionConfig: {} as { channels?: string[] },
}
const base: EventFacts = {
  input: { eventType: 'complete_survey', domain: 'shop.example.com' },
  origin: undefined,
  websites: ['https://shop.example.com'],
  rule,
  trusted: false,
  duplicateWindowMs: 60_000,
  history: { userClaims: 0, last: undefined, totalClaims: 0 },
  now: NOW,
}
/** A user who claimed `userClaims` times, the last `ago` ms before NOW; `total` claims of all users. */
const claimed = (userClaims: number, ago: number, total = userClaims): ClaimHistory => ({
  userClaims,
  last: { eventId: 'e-last', at: NOW - ago },
  totalClaims: total,
})
const codes = (facts: Partial<EventFacts>) => judgeEvent({ ...base, ...facts }).map((r) => r.code)

describe('judgeEvent', () => {
  it('accepts a first claim on an authorized domain', () => {
    expect(judgeEvent(base)).toEqual([])
  })

  it('lists every claim check that fails, in the documented order', () => {
    // 30 s after the last claim, 1 of 1 claims used, global limit 5 reached: all four checks fail.
    const refusals = judgeEvent({
      ...base,
      rule: { ...rule, maxTotalClaims: 5 },
      history: claimed(1, 30_000, 5),
    })
    expect(refusals).toEqual([
      {
        code: 'duplicate',
        message: 'The same event for this user was accepted less than 60 seconds ago',
        existingEventId: 'e-last',
        retryAfterSeconds: 30,
        windowSeconds: 60,
      },
      {
        code: 'max_total_claims',
        message: 'This reward has reached its global limit of 5 claims',
        totalClaims: 5,
        maxTotalClaims: 5,
      },
      {
        code: 'max_claims',
        message: 'This user has claimed this reward 1 of 1 times',
        totalClaims: 1,
        maxClaims: 1,
      },
      {
        code: 'cooldown',
        message: `This reward was already earned; try again in ${24 * 3600 - 30} seconds`,
        retryAfterSeconds: 24 * 3600 - 30,
        previousReward: 'e-last',
      },
    ])
  })

  it('lists cooldown and max_claims together once the duplicate window is over', () => {
    expect(codes({ history: claimed(1, 2 * HOUR) })).toEqual(['max_claims', 'cooldown'])
    expect(codes({ history: claimed(1, 2 * HOUR), rule: { ...rule, maxClaims: 3 } })).toEqual(['cooldown'])
    expect(codes({ history: claimed(3, 25 * HOUR), rule: { ...rule, maxClaims: 3 } })).toEqual(['max_claims'])
    expect(codes({ history: claimed(3, 25 * HOUR), rule: { ...rule, maxClaims: -1 } })).toEqual([])
    expect(codes({ history: claimed(3, 25 * HOUR), rule: { ...rule, maxClaims: 999999 } })).toEqual([])
  })

  it('lets skip_cooldown skip the cooldown only', () => {
    const skip = { ...base.input, metadata: { skip_cooldown: true } }
    expect(codes({ input: skip, history: claimed(1, 2 * HOUR) })).toEqual(['max_claims'])
    expect(codes({ input: skip, history: claimed(1, 10_000) })).toEqual(['duplicate', 'max_claims'])
    // Only the boolean true counts.
    const text = { ...base.input, metadata: { skip_cooldown: 'true' } }
    expect(codes({ input: text, history: claimed(1, 2 * HOUR), rule: { ...rule, maxClaims: 5 } })).toEqual(['cooldown'])
  })

  it('lets an internal source bypass the per-user checks only for a trusted caller, never the global max', () => {
    const history = claimed(1, 10_000, 2)
    const limited = { ...rule, maxTotalClaims: 2 }
    for (const source of ['chat_manual_reward', 'voice_claim', 'gateway_event']) {
      const input = { ...base.input, metadata: { source } }
      expect(codes({ input, history, trusted: true })).toEqual([])
      expect(codes({ input, history, trusted: true, rule: limited })).toEqual(['max_total_claims'])
      expect(codes({ input, history, trusted: false })).toEqual(['duplicate', 'max_claims', 'cooldown'])
    }
    const website = { ...base.input, metadata: { source: 'website' } }
    expect(codes({ input: website, history, trusted: true })).toEqual(['duplicate', 'max_claims', 'cooldown'])
  })

  it('turns the duplicate window off at 0', () => {
    expect(codes({ duplicateWindowMs: 0, history: claimed(1, 10), rule: { ...rule, maxClaims: -1 } })).toEqual([
      'cooldown',
    ])
  })

  it('answers a refused domain alone, whatever else would fail', () => {
    const everything = { rule: { ...rule, enabled: false }, history: claimed(1, 10_000) }
    const refusals = judgeEvent({ ...base, ...everything, input: { eventType: 'complete_survey', domain: 'evil.com' } })
    expect(refusals).toEqual([
      {
        code: 'domain',
        message: 'Domain not authorized: evil.com is not configured for this brand (configured: shop.example.com)',
        domain: 'evil.com',
        configuredDomains: ['shop.example.com'],
      },
    ])
    expect(judgeEvent({ ...base, input: { eventType: 'complete_survey' } })).toEqual([
      { code: 'domain', message: 'Domain not authorized', domain: null, configuredDomains: ['shop.example.com'] },
    ])
    // An Origin naming another site than the event's domain.
    expect(judgeEvent({ ...base, origin: 'https://evil.com' })[0]).toMatchObject({
      code: 'domain',
      message: 'Domain not authorized: the page at evil.com cannot send events for shop.example.com',
    })
    // The domain from sourceUrl, then from Origin.
    expect(codes({ input: { eventType: 'x', sourceUrl: 'https://www.shop.example.com/p' } })).toEqual([])
    expect(codes({ input: { eventType: 'x' }, origin: 'https://shop.example.com' })).toEqual([])
  })

  it('answers unknown_event alone and judges a disabled rule on', () => {
    expect(judgeEvent({ ...base, rule: undefined, history: claimed(1, 10_000) })).toEqual([
      {
        code: 'unknown_event',
        message: 'Event type complete_survey is not configured for this brand',
        eventType: 'complete_survey',
      },
    ])
    expect(codes({ rule: { ...rule, enabled: false } })).toEqual(['disabled'])
    expect(codes({ rule: { ...rule, enabled: false }, history: claimed(1, 2 * HOUR) })).toEqual([
      'disabled',
      'max_claims',
      'cooldown',
    ])
  })

  it('checks the channel against the rule, case-insensitively and ignoring a leading #', () => {
    const channels = { ...rule, detectionConfig: { channels: ['#General', 'support'] } }
    const at = (channel_id: string | undefined) => ({ input: { ...base.input, channel_id }, rule: channels })
    expect(codes(at('general'))).toEqual([])
    expect(codes(at('#SUPPORT'))).toEqual([])
    expect(codes(at(undefined))).toEqual([])
    expect(judgeEvent({ ...base, ...at('random') })).toEqual([
      {
        code: 'channel',
        message: 'This event is not allowed in channel random',
        channel: 'random',
        allowedChannels: ['#General', 'support'],
      },
    ])
    expect(codes({ ...at('random'), rule: { ...channels, enabled: false }, history: claimed(1, 2 * HOUR) })).toEqual([
      'disabled',
      'channel',
      'max_claims',
      'cooldown',
    ])
    // A rule without channels takes any channel.
    expect(codes({ input: { ...base.input, channel_id: 'random' } })).toEqual([])
  })

  it('judges no claim check without a history (what manual-event judges before taking the lock)', () => {
    expect(codes({ history: undefined, rule: { ...rule, maxTotalClaims: 0 } })).toEqual([])
    expect(codes({ history: undefined, rule: { ...rule, enabled: false } })).toEqual(['disabled'])
  })
})
