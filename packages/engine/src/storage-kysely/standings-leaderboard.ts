import { type Kysely, sql } from 'kysely'
import type { LedgerStore } from '../ports/ledger-store'
import type { Database } from './database'
import { WEEK_MS } from './standing-summary'

type Board = Awaited<ReturnType<LedgerStore['leaderboard']>>
type Row = Board['rows'][number]

/** Candidates read per try (× the limit), and the most a window reads before it aggregates the entries. */
const CANDIDATES_PER_RANK = 5
const MAX_CANDIDATES = 2_000

const byRank = (a: Row, b: Row) =>
  b.value - a.value || a.reachedAt - b.reachedAt || (a.walletAddress < b.walletAddress ? -1 : 1)

/** All time: the top of the standings in the board's order (index (brand_id, metric desc, last_at, wallet)). */
export async function selectStandingsLeaderboard(
  db: Kysely<Database>,
  p: Parameters<LedgerStore['leaderboard']>[0],
): Promise<Board> {
  const brand = p.brandId.toLowerCase()
  const value = p.metric === 'earned' ? 'earned' : 'actions'
  const [rows, total] = await Promise.all([
    db
      .selectFrom('leaderboard_standings')
      .select(['wallet_address', `${value} as value`, 'last_at'])
      .where('brand_id', '=', brand)
      .orderBy(value, 'desc')
      .orderBy('last_at')
      .orderBy('wallet_address')
      .limit(p.limit)
      .execute(),
    countActive(db, brand, 0),
  ])
  return {
    rows: rows.map((r) => ({ walletAddress: r.wallet_address, value: Number(r.value), reachedAt: Number(r.last_at) })),
    total: total.total,
  }
}

/**
 * Wallets of the brand with a counted entry at or after `since`, and the latest entry's time
 * (index (brand_id, last_at)).
 */
async function countActive(db: Kysely<Database>, brand: string, since: number) {
  const row = await db
    .selectFrom('leaderboard_standings')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.max<number | string | null>('last_at').as('latest'),
    ])
    .where('brand_id', '=', brand)
    .$if(since > 0, (q) => q.where('last_at', '>=', since))
    .executeTakeFirstOrThrow()
  return { total: Number(row.n), latest: Number(row.latest ?? 0) }
}

/**
 * A window ending now (`since` to now), exact, from the standings:
 * - the wallets ranked are those whose last counted entry is at or after `since` (counted from the
 *   index (brand_id, last_at)), and each one's value reached at that last entry;
 * - a bound of each wallet's value in the window: when the window starts in the 7-day bucket of
 *   the wallet's last entry or the one before, the sums of those buckets (`week_*`), else its
 *   all-time value. The K wallets active in the window with the highest bounds are read with their
 *   window values (one statement: a sum per candidate through the member index); when the
 *   limit-th best window value is above the K-th candidate's bound, no other wallet can reach the
 *   board. Otherwise K grows (×4) up to MAX_CANDIDATES; past it, undefined: the caller aggregates
 *   the entries.
 * Entries written after `now` (another process's clock) count, as in the aggregate.
 */
export async function selectWindowFromStandings(
  db: Kysely<Database>,
  p: Parameters<LedgerStore['leaderboard']>[0] & { since: number },
): Promise<Board | undefined> {
  const brand = p.brandId.toLowerCase()
  const metric = p.metric === 'earned' ? 'earned' : 'actions'
  const { total, latest } = await countActive(db, brand, p.since)
  if (total === 0) return { rows: [], total }
  const startWeek = Math.floor(p.since / WEEK_MS)
  const [thisWeek, weekBefore, allTime] = [
    sql.ref(`s.week_${metric}`),
    sql.ref(`s.week_${metric}_before`),
    sql.ref(`s.${metric}`),
  ]
  const lastWeek = sql`(s.last_at / ${sql.lit(WEEK_MS)})`
  // A window longer than the weeks kept (it starts before the bucket before the latest entry's):
  // the all-time values, read in the index's order.
  const bound =
    startWeek < Math.floor(latest / WEEK_MS) - 1
      ? allTime
      : sql<number | string>`case when ${sql.lit(startWeek)} >= ${lastWeek} then ${thisWeek}
    when ${sql.lit(startWeek)} >= ${lastWeek} - 1 then ${thisWeek} + ${weekBefore} else ${allTime} end`
  for (let k = Math.max(50, CANDIDATES_PER_RANK * p.limit); ; k *= 4) {
    const candidates = await db
      .selectFrom('leaderboard_standings as s')
      .select((eb) => [
        's.wallet_address',
        's.last_at',
        bound.as('bound'),
        eb
          .selectFrom('ledger_entries as l')
          .select(
            metric === 'earned' ? sql<number | string>`sum(l.amount)`.as('v') : sql<number | string>`count(*)`.as('v'),
          )
          .whereRef('l.brand_id', '=', 's.brand_id')
          .whereRef('l.wallet_address', '=', 's.wallet_address')
          .where('l.created_at', '>=', p.since)
          .where('l.kind', '=', 'reward')
          .where('l.status', '<>', 'failed')
          .as('value'),
      ])
      .where('s.brand_id', '=', brand)
      .where('s.last_at', '>=', p.since)
      .orderBy(bound, 'desc')
      .orderBy('s.last_at')
      .orderBy('s.wallet_address')
      .limit(k)
      .execute()
    const rows = candidates
      .map((c) => ({ walletAddress: c.wallet_address, value: Number(c.value ?? 0), reachedAt: Number(c.last_at) }))
      .sort(byRank)
      .slice(0, p.limit)
    const last = candidates[candidates.length - 1]
    const cutoff = rows[p.limit - 1]
    const settled =
      candidates.length < k || (last !== undefined && cutoff !== undefined && Number(last.bound) < cutoff.value)
    if (settled) return { rows, total }
    if (k >= MAX_CANDIDATES) return undefined
  }
}
