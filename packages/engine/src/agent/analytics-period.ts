import { z } from 'zod'
import type { TimeWindow } from '../ports/analytics-store'

const DAY_MS = 86_400_000

const DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const

/** A period's rolling UTC window ending now, and the equal window before it (agent-api.md "Periods"). */
export type AnalyticsPeriod = {
  period: keyof typeof DAYS
  days: number
  current: TimeWindow
  previous: TimeWindow
}

/**
 * The `period` input of the analytics tools (`7d|30d|90d`, default `fallback`) and its windows:
 * current = [now − days, now], previous = the same length right before it.
 */
export const analyticsPeriod = {
  schema: (fallback: keyof typeof DAYS = '30d') =>
    z.enum(['7d', '30d', '90d'], { error: 'must be 7d, 30d or 90d' }).default(fallback),
  of(period: keyof typeof DAYS, now: number): AnalyticsPeriod {
    const days = DAYS[period]
    const until = now + 1
    const since = until - days * DAY_MS
    return { period, days, current: { since, until }, previous: { since: since - days * DAY_MS, until: since } }
  },
  /** Every UTC date (`YYYY-MM-DD`) the window touches, oldest first, with its day number. */
  dates(w: TimeWindow): Array<{ day: number; date: string }> {
    const out: Array<{ day: number; date: string }> = []
    for (let day = Math.floor(w.since / DAY_MS); day <= Math.floor((w.until - 1) / DAY_MS); day++) {
      out.push({ day, date: new Date(day * DAY_MS).toISOString().slice(0, 10) })
    }
    return out
  },
}
