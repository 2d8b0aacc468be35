import { describe, expect, it } from 'vitest'
import { type ClaimContext, type ClaimHistory, type ClaimRule, evaluateClaim } from './evaluate-claim'

const HOUR = 3_600_000
const rule: ClaimRule = { maxClaims: 3, cooldownHours: 24, maxTotalClaims: null }
const none: ClaimHistory = { userClaims: 0, last: undefined, totalClaims: 0 }
const ctx: ClaimContext = { now: 100 * HOUR, source: undefined, skipCooldown: false, duplicateWindowMs: 60_000 }

describe('evaluateClaim', () => {
  it('accepts a first claim', () => {
    expect(evaluateClaim(rule, none, ctx)).toEqual({ ok: true })
  })

  it('flags a duplicate inside the window with the existing event id', () => {
    const h = { userClaims: 1, last: { eventId: 'e1', at: ctx.now - 30_000 }, totalClaims: 1 }
    expect(evaluateClaim(rule, h, ctx)).toEqual({ ok: false, reason: 'duplicate', existingEventId: 'e1' })
  })

  it('never flags a duplicate when the window is 0, even for a last claim stamped later than now', () => {
    const rule0 = { ...rule, cooldownHours: 0, maxClaims: -1 }
    const ahead = { userClaims: 1, last: { eventId: 'e1', at: ctx.now + 5 }, totalClaims: 1 }
    expect(evaluateClaim(rule0, ahead, { ...ctx, duplicateWindowMs: 0 })).toEqual({ ok: true })
    expect(evaluateClaim(rule0, ahead, ctx)).toMatchObject({ ok: false, reason: 'duplicate' })
  })

  it('answers the remaining cooldown in seconds', () => {
    const h = { userClaims: 1, last: { eventId: 'e1', at: ctx.now - 23 * HOUR }, totalClaims: 1 }
    expect(evaluateClaim(rule, h, ctx)).toEqual({
      ok: false,
      reason: 'cooldown',
      cooldownSeconds: 3600,
      previousReward: 'e1',
    })
    expect(evaluateClaim(rule, h, { ...ctx, skipCooldown: true })).toEqual({ ok: true })
    expect(evaluateClaim({ ...rule, cooldownHours: 0 }, h, ctx)).toEqual({ ok: true })
  })

  it('enforces the per-user max unless unlimited', () => {
    const h = { userClaims: 3, last: { eventId: 'e3', at: ctx.now - 48 * HOUR }, totalClaims: 3 }
    expect(evaluateClaim(rule, h, ctx)).toEqual({
      ok: false,
      reason: 'max_claims_reached',
      totalClaims: 3,
      maxClaims: 3,
    })
    expect(evaluateClaim({ ...rule, maxClaims: -1 }, h, ctx)).toEqual({ ok: true })
    expect(evaluateClaim({ ...rule, maxClaims: 999999 }, h, ctx)).toEqual({ ok: true })
  })

  it('lets internal sources bypass cooldown, per-user max and duplicates but never the global max', () => {
    const h = { userClaims: 3, last: { eventId: 'e3', at: ctx.now - 1000 }, totalClaims: 3 }
    for (const source of ['chat_manual_reward', 'voice_claim', 'gateway_event']) {
      expect(evaluateClaim(rule, h, { ...ctx, source })).toEqual({ ok: true })
      expect(evaluateClaim({ ...rule, maxTotalClaims: 3 }, h, { ...ctx, source })).toMatchObject({
        ok: false,
        reason: 'max_total_claims_reached',
      })
    }
    expect(evaluateClaim(rule, h, { ...ctx, source: 'website' })).toMatchObject({ ok: false, reason: 'duplicate' })
  })
})
