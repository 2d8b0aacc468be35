import { describe, expect, it } from 'vitest'
import { DAY_MS } from './day-ms'
import { classifyPersona, type PersonaFacts } from './persona-archetype'

const NOW = 1_760_000_000_000
const ago = (days: number) => NOW - days * DAY_MS

/** A long-standing user who matches no rule but `casual`: last event 20 days ago, 2 events in 90 days. */
const base: PersonaFacts = {
  firstEventAt: ago(200),
  lastEventAt: ago(20),
  events: 5,
  events90d: 2,
  earned: 100,
  redeemed: 0,
  redemptions: 0,
  brands: 1,
  balance: 10,
  medianPerkCost: 50,
}

describe('persona archetypes (first rule that holds)', () => {
  const archetype = (more: Partial<PersonaFacts>) => classifyPersona({ ...base, ...more }, NOW).archetype

  it('tries each rule at its boundary', () => {
    expect(archetype({})).toBe('casual')
    // new: first event under 14 days ago and at most 3 events; 14 days or a 4th event is not new.
    expect(archetype({ firstEventAt: ago(13.9), events: 3 })).toBe('new')
    expect(archetype({ firstEventAt: ago(14), events: 3 })).toBe('casual')
    expect(archetype({ firstEventAt: ago(1), events: 4 })).toBe('casual')
    // champion: last ≤ 7 d, ≥ 10 events in 90 d, ≥ 1 redemption.
    const champ = { lastEventAt: ago(7), events90d: 10, redemptions: 1, redeemed: 10 }
    expect(archetype(champ)).toBe('champion')
    expect(archetype({ ...champ, lastEventAt: ago(7.01) })).toBe('loyalist')
    expect(archetype({ ...champ, events90d: 9 })).toBe('loyalist')
    // redeemer: redeemed/earned ≥ .5 with ≥ 2 redemptions.
    expect(archetype({ redeemed: 50, redemptions: 2 })).toBe('redeemer')
    expect(archetype({ redeemed: 49, redemptions: 2 })).toBe('casual')
    expect(archetype({ redeemed: 80, redemptions: 1 })).toBe('casual')
    // explorer: ≥ 3 brands.
    expect(archetype({ brands: 3 })).toBe('explorer')
    // saver: no redemption and balance ≥ median perk cost (none when no perk is on offer).
    expect(archetype({ balance: 50 })).toBe('saver')
    expect(archetype({ balance: 50, redemptions: 1, redeemed: 5 })).toBe('casual')
    expect(archetype({ balance: 50, medianPerkCost: null })).toBe('casual')
    // loyalist: last ≤ 30 d and ≥ 4 events in 90 d.
    expect(archetype({ lastEventAt: ago(30), events90d: 4 })).toBe('loyalist')
    expect(archetype({ lastEventAt: ago(30), events90d: 3 })).toBe('casual')
    // at_risk: last event over 30 and up to 90 days ago; dormant: over 90.
    expect(archetype({ lastEventAt: ago(30.01) })).toBe('at_risk')
    expect(archetype({ lastEventAt: ago(90) })).toBe('at_risk')
    expect(archetype({ lastEventAt: ago(90.01) })).toBe('dormant')
    // Nothing at all: casual.
    expect(archetype({ firstEventAt: null, lastEventAt: null, events: 0, events90d: 0, earned: 0 })).toBe('casual')
  })

  it('says why', () => {
    expect(classifyPersona({ ...base, lastEventAt: ago(45) }, NOW)).toEqual({
      archetype: 'at_risk',
      reason: 'last event 45 days ago',
    })
    expect(classifyPersona({ ...base, balance: 60 }, NOW).reason).toBe(
      'never redeemed; balance 60 ≥ median perk cost 50',
    )
  })
})
