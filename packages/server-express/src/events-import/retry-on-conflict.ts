import { setTimeout as sleep } from 'node:timers/promises'

/**
 * PostgreSQL's answers to two transactions that cannot both go on (40P01 deadlock detected, 40001
 * serialization failure) and SQLite's lock held past busy_timeout: the database rolled the whole
 * transaction back, so running it again is safe.
 */
const CONFLICT = /^(40P01|40001|SQLITE_BUSY(_.*)?)$/

/**
 * Runs `fn` again (up to `attempts` times in all, with a growing, jittered pause) when the database
 * refused its transaction for a conflict with another one. Concurrent bulk transactions of one brand
 * lock the same rows (the users' claim counters, the rule's total) in different orders, and
 * PostgreSQL breaks such a deadlock by failing one of them.
 */
export async function retryOnConflict<T>(fn: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn()
    } catch (e) {
      const code = (e as { code?: unknown }).code
      if (attempt >= attempts || typeof code !== 'string' || !CONFLICT.test(code)) throw e
      await sleep(Math.round(50 * 2 ** attempt * (0.5 + Math.random())))
    }
  }
}
