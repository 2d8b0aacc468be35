import { DAY_MS } from './day-ms'

/** The archetypes, in the order their rules are tried (docs/agent-api.md "Persona rules"). */
export const PERSONA_ARCHETYPES = [
  'new',
  'champion',
  'redeemer',
  'explorer',
  'saver',
  'loyalist',
  'at_risk',
  'dormant',
  'casual',
] as const

export type PersonaArchetype = (typeof PERSONA_ARCHETYPES)[number]

/** What the rules look at, for one user. */
export type PersonaFacts = {
  /** Epoch ms of the user's first and last reward event (null without events). */
  firstEventAt: number | null
  lastEventAt: number | null
  /** Reward events ever, and in the last 90 days. */
  events: number
  events90d: number
  /** Σ rewards earned and Σ points redeemed on perks (whole tokens), and the redemptions. */
  earned: number
  redeemed: number
  redemptions: number
  /** Brands where the user earned. */
  brands: number
  /** Token balance, and the median cost of the perks on offer (null when none). */
  balance: number
  medianPerkCost: number | null
}

/**
 * The first archetype whose rule holds: new (first event < 14 d ago, ≤ 3 events) → champion (last
 * ≤ 7 d, ≥ 10 events in 90 d, ≥ 1 redemption) → redeemer (redeemed/earned ≥ .5, ≥ 2 redemptions) →
 * explorer (≥ 3 brands) → saver (no redemption, balance ≥ median perk cost) → loyalist (last ≤ 30 d,
 * ≥ 4 events in 90 d) → at_risk (last 30–90 d) → dormant (> 90 d) → casual. With the rule as `reason`.
 */
export function classifyPersona(f: PersonaFacts, now: number): { archetype: PersonaArchetype; reason: string } {
  const since = (at: number | null) => (at === null ? Number.POSITIVE_INFINITY : now - at)
  const last = since(f.lastEventAt)
  const days = Number.isFinite(last) ? `${Math.floor(last / DAY_MS)} days ago` : 'never'
  if (since(f.firstEventAt) < 14 * DAY_MS && f.events <= 3)
    return { archetype: 'new', reason: `first event under 14 days ago, ${f.events} events so far` }
  if (last <= 7 * DAY_MS && f.events90d >= 10 && f.redemptions >= 1)
    return {
      archetype: 'champion',
      reason: `last event ${days}, ${f.events90d} events in 90 days, ${f.redemptions} redemptions`,
    }
  if (f.earned > 0 && f.redeemed / f.earned >= 0.5 && f.redemptions >= 2)
    return {
      archetype: 'redeemer',
      reason: `redeemed ${f.redeemed} of ${f.earned} points earned in ${f.redemptions} redemptions`,
    }
  if (f.brands >= 3) return { archetype: 'explorer', reason: `earns at ${f.brands} brands` }
  if (f.redemptions === 0 && f.medianPerkCost !== null && f.balance >= f.medianPerkCost)
    return {
      archetype: 'saver',
      reason: `never redeemed; balance ${f.balance} ≥ median perk cost ${f.medianPerkCost}`,
    }
  if (last <= 30 * DAY_MS && f.events90d >= 4)
    return { archetype: 'loyalist', reason: `last event ${days}, ${f.events90d} events in 90 days` }
  if (last > 30 * DAY_MS && last <= 90 * DAY_MS) return { archetype: 'at_risk', reason: `last event ${days}` }
  if (Number.isFinite(last) && last > 90 * DAY_MS) return { archetype: 'dormant', reason: `last event ${days}` }
  return { archetype: 'casual', reason: f.events === 0 ? 'no reward events' : `last event ${days}, few events` }
}
