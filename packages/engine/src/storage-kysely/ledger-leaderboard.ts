import type { ExpressionBuilder, Kysely } from 'kysely'
import type { LedgerStore } from '../ports/ledger-store'
import type { Database } from './database'
import { selectStandingsLeaderboard, selectWindowFromStandings } from './standings-leaderboard'

type Eb = ExpressionBuilder<Database, 'ledger_entries'>

/**
 * `LedgerStore.leaderboard`: the brand's `reward` entries (not failed) since `since`, summed
 * (`earned`) or counted (`actions`) per wallet, highest first; ties by the earlier last entry (who
 * reached the value first), then the address. Read from the standings rollup
 * (standings-leaderboard.ts); a window the rollup cannot settle cheaply is aggregated from the
 * entries through the index (brand_id, kind, created_at).
 */
export async function selectLedgerLeaderboard(
  db: Kysely<Database>,
  p: Parameters<LedgerStore['leaderboard']>[0],
): ReturnType<LedgerStore['leaderboard']> {
  if (p.since === undefined) return selectStandingsLeaderboard(db, p)
  const windowed = await selectWindowFromStandings(db, { ...p, since: p.since })
  return windowed ?? selectLedgerAggregate(db, p)
}

/** The board aggregated from the entries themselves (the window's every entry, grouped per wallet). */
async function selectLedgerAggregate(
  db: Kysely<Database>,
  p: Parameters<LedgerStore['leaderboard']>[0],
): ReturnType<LedgerStore['leaderboard']> {
  const scope = (eb: Eb) =>
    eb.and([
      eb('brand_id', '=', p.brandId.toLowerCase()),
      eb('kind', '=', 'reward'),
      eb('status', '<>', 'failed'),
      ...(p.since === undefined ? [] : [eb('created_at', '>=', p.since)]),
    ])
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => [
      'wallet_address',
      (p.metric === 'earned' ? eb.fn.sum<number | string>('amount') : eb.fn.countAll<number | string>()).as('value'),
      eb.fn.max<number | string>('created_at').as('reached_at'),
    ])
    .where(scope)
    .groupBy('wallet_address')
    .orderBy('value', 'desc')
    .orderBy('reached_at')
    .orderBy('wallet_address')
    .limit(p.limit)
    .execute()
  const count = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.count<number | string>('wallet_address').distinct().as('n'))
    .where(scope)
    .executeTakeFirstOrThrow()
  return {
    rows: rows.map((r) => ({
      walletAddress: r.wallet_address,
      value: Number(r.value),
      reachedAt: Number(r.reached_at),
    })),
    total: Number(count.n),
  }
}
