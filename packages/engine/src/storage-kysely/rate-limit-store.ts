import type { Kysely } from 'kysely'
import type { RateLimitStore, RateLimitWindow } from '../ports/rate-limit-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

/** Windows that ended longer ago than this are swept (a margin for clocks of other processes). */
const SWEEP_AFTER_MS = 60_000

function windowOf(now: number, windowMs: number): { windowStart: number; windowEnd: number } {
  const windowStart = Math.floor(now / windowMs) * windowMs
  return { windowStart, windowEnd: windowStart + windowMs }
}

function stateOf(count: number, limit: number, resetAt: number): RateLimitWindow {
  return { count, limit, remaining: Math.max(0, limit - count), resetAt }
}

export function createRateLimitStore(db: Kysely<Database>, _dialect: SqlDialect): RateLimitStore {
  return {
    async hit({ key, limit, windowMs, now }) {
      const { windowStart, windowEnd } = windowOf(now, windowMs)
      if (limit < 1) return { allowed: false, ...stateOf(0, limit, windowEnd) }
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: windowStart, window_end: windowEnd, count: 1 })
        .onConflict((oc) =>
          oc
            .columns(['key', 'window_start'])
            .doUpdateSet((eb) => ({ count: eb('rate_limits.count', '+', 1) }))
            .where('rate_limits.count', '<', limit),
        )
        .returning('count')
        .executeTakeFirst()
      if (!row) return { allowed: false, ...stateOf(limit, limit, windowEnd) }
      const count = Number(row.count)
      // The hit that opens a window sweeps windows long gone (cheap: indexed by end).
      if (count === 1)
        await db
          .deleteFrom('rate_limits')
          .where('window_end', '<', now - SWEEP_AFTER_MS)
          .execute()
      return { allowed: true, ...stateOf(count, limit, windowEnd) }
    },

    async peek({ key, limit, windowMs, now }) {
      const { windowStart, windowEnd } = windowOf(now, windowMs)
      const row = await db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .executeTakeFirst()
      return stateOf(row ? Number(row.count) : 0, limit, windowEnd)
    },
  }
}
