import { type Kysely, sql } from 'kysely'
import type { TimeWindow } from '../ports/analytics-store'
import { GAP_MS } from './activity-gaps'
import type { Database } from './database'

const DAY_MS = 86_400_000

const num = (v: unknown) => Number(v ?? 0)

const COUNT = sql<number | string>`count(*)`.as('n')

type Scope = TimeWindow & { brandId?: string | undefined }

/**
 * A window as the rollups serve it: the whole UTC days inside it (`days`, day numbers [from, to))
 * from `activity_days`, and the partial days at its ends (`raw`, at most two windows of less than a
 * day each) from `reward_events`. No whole day inside: the window is read raw.
 */
function splitWindow(w: TimeWindow): { days: { from: number; to: number } | null; raw: TimeWindow[] } {
  const from = Math.ceil(w.since / DAY_MS)
  const to = Math.floor(w.until / DAY_MS)
  if (from >= to) return { days: null, raw: w.since < w.until ? [w] : [] }
  const raw: TimeWindow[] = []
  if (w.since < from * DAY_MS) raw.push({ since: w.since, until: from * DAY_MS })
  if (to * DAY_MS < w.until) raw.push({ since: to * DAY_MS, until: w.until })
  return { days: { from, to }, raw }
}

/** Reads of the reward-event rollups (activity-rollup-tables.ts), each equal to its from-scratch aggregate. */
export function createActivityRollupReads(db: Kysely<Database>) {
  const brandOf = (p: { brandId?: string | undefined }) => p.brandId?.toLowerCase()

  const rawEvents = (w: TimeWindow, brand: string | undefined) =>
    db
      .selectFrom('reward_events')
      .where('created_at', '>=', w.since)
      .where('created_at', '<', w.until)
      .$if(brand !== undefined, (q) => q.where('brand_id', '=', brand as string))

  /** Events and tokens per brand in the window (brands without events absent). */
  async function perBrand(p: Scope): Promise<Map<string, { events: number; tokens: number }>> {
    const brand = brandOf(p)
    const { days, raw } = splitWindow(p)
    const parts = await Promise.all([
      days === null
        ? []
        : db
            .selectFrom('activity_days')
            .select((eb) => ['brand_id', eb.fn.sum('events').as('events'), eb.fn.sum('tokens').as('tokens')])
            .where('day', '>=', days.from)
            .where('day', '<', days.to)
            .$if(brand !== undefined, (q) => q.where('brand_id', '=', brand as string))
            .groupBy('brand_id')
            .execute(),
      ...raw.map((w) =>
        rawEvents(w, brand)
          .select((eb) => ['brand_id', eb.fn.countAll().as('events'), eb.fn.sum('reward_amount').as('tokens')])
          .groupBy('brand_id')
          .execute(),
      ),
    ])
    const out = new Map<string, { events: number; tokens: number }>()
    for (const r of parts.flat()) {
      const o = out.get(r.brand_id) ?? { events: 0, tokens: 0 }
      o.events += num(r.events)
      o.tokens += num(r.tokens)
      if (o.events > 0) out.set(r.brand_id, o)
    }
    return out
  }

  /** Wallets with an event in the window (at the brand). */
  async function activeUsers(p: Scope): Promise<number> {
    const brand = brandOf(p)
    const later = await db
      .selectFrom('reward_events')
      .select('id')
      .where('created_at', '>=', p.until)
      .$if(brand !== undefined, (q) => q.where('brand_id', '=', brand as string))
      .limit(1)
      .executeTakeFirst()
    if (later !== undefined && brand === undefined && p.until - p.since >= GAP_MS) {
      // A window of the past, network-wide, of 7 days or more: the wallets with an event at or after
      // its start, but those whose first event is after it or with a gap spanning it.
      const [active, firstAfter, spanning] = await Promise.all([
        db.selectFrom('activity_wallets').where('last_at', '>=', p.since).select(COUNT).executeTakeFirstOrThrow(),
        db.selectFrom('activity_wallets').where('first_at', '>=', p.until).select(COUNT).executeTakeFirstOrThrow(),
        db
          .selectFrom('activity_gaps')
          .where('gap_end', '>=', p.until)
          .where('gap_start', '<', p.since)
          .select(COUNT)
          .executeTakeFirstOrThrow(),
      ])
      return num(active.n) - num(firstAfter.n) - num(spanning.n)
    }
    if (later !== undefined) {
      // An event after the window (a window of the past, at a brand or shorter than 7 days): its
      // wallets, counted from the events.
      const row = await rawEvents(p, brand)
        .select((eb) => eb.fn.count('wallet_address').distinct().as('n'))
        .executeTakeFirstOrThrow()
      return num(row.n)
    }
    // Nothing after the window: active in it = last event at or after its start.
    const row = await (brand === undefined
      ? db.selectFrom('activity_wallets').where('last_at', '>=', p.since).select(COUNT)
      : db
          .selectFrom('activity_brand_wallets')
          .where('brand_id', '=', brand)
          .where('last_at', '>=', p.since)
          .select(COUNT)
    ).executeTakeFirstOrThrow()
    return num(row.n)
  }

  return {
    perBrand,
    activeUsers,

    /** Wallets whose first event (at the brand) is inside the window. */
    async newUsers(p: Scope): Promise<number> {
      const brand = brandOf(p)
      const row = await (brand === undefined
        ? db
            .selectFrom('activity_wallets')
            .where('first_at', '>=', p.since)
            .where('first_at', '<', p.until)
            .select(COUNT)
        : db
            .selectFrom('activity_brand_wallets')
            .where('brand_id', '=', brand)
            .where('first_at', '>=', p.since)
            .where('first_at', '<', p.until)
            .select(COUNT)
      ).executeTakeFirstOrThrow()
      return num(row.n)
    },

    /** Per UTC day with events: events, tokens, distinct wallets (at the brand). */
    async daily(p: Scope) {
      const brand = brandOf(p)
      const { days, raw } = splitWindow(p)
      const users = brand === undefined ? 'network_users' : 'brand_users'
      const DAY = sql.raw<number>('created_at / 86400000')
      const parts = await Promise.all([
        days === null
          ? []
          : db
              .selectFrom('activity_days')
              .select((eb) => [
                'day',
                eb.fn.sum('events').as('events'),
                eb.fn.sum('tokens').as('tokens'),
                eb.fn.sum(users).as('users'),
              ])
              .where('day', '>=', days.from)
              .where('day', '<', days.to)
              .$if(brand !== undefined, (q) => q.where('brand_id', '=', brand as string))
              .groupBy('day')
              .execute(),
        ...raw.map((w) =>
          rawEvents(w, brand)
            .select((eb) => [
              DAY.as('day'),
              eb.fn.countAll().as('events'),
              eb.fn.sum('reward_amount').as('tokens'),
              eb.fn.count('wallet_address').distinct().as('users'),
            ])
            .groupBy(DAY)
            .execute(),
        ),
      ])
      return parts
        .flat()
        .map((r) => ({ day: num(r.day), events: num(r.events), tokens: num(r.tokens), users: num(r.users) }))
        .filter((r) => r.events > 0)
        .sort((a, b) => a.day - b.day)
    },
  }
}
