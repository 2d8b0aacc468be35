const MS_PER_DAY = 86_400_000

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
    formatters.set(timeZone, f)
  }
  return f
}

/**
 * The calendar day of the instant `epochMs` on the wall clock of `timeZone`, as a day number (days
 * since 1970-01-01 of that local date). Intl does the zone arithmetic, so a 23- or 25-hour day at a
 * DST change is one day like any other, and two instants are on consecutive days exactly when their
 * numbers differ by one.
 */
export function localDay(epochMs: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(epochMs))
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / MS_PER_DAY)
}

/** A day number as `YYYY-MM-DD`. */
export function dayString(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10)
}
