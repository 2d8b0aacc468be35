import { type QueryExecutorProvider, sql } from 'kysely'
import { WEEK_MS } from './standing-summary'

/**
 * Rebuilds `leaderboard_standings` from `ledger_entries`, from scratch (the migration's backfill, and
 * what a bulk loader that writes entries directly runs afterwards, through `rebuildActivityRollups`).
 * Run it with no ledger write running on the database (it deletes the rows first).
 */
export async function rebuildLeaderboardStandings(db: QueryExecutorProvider): Promise<void> {
  await sql`delete from leaderboard_standings`.execute(db)
  const week = sql.lit(WEEK_MS)
  await sql`
    insert into leaderboard_standings (brand_id, wallet_address, earned, actions, last_at,
      week_earned, week_earned_before, week_actions, week_actions_before)
    select brand_id, wallet_address, sum(amount), count(*), max(created_at),
      sum(case when w = lw then amount else 0 end), sum(case when w = lw - 1 then amount else 0 end),
      sum(case when w = lw then 1 else 0 end), sum(case when w = lw - 1 then 1 else 0 end)
    from (
      select brand_id, wallet_address, amount, created_at, created_at / ${week} as w,
        max(created_at) over (partition by brand_id, wallet_address) / ${week} as lw
      from ledger_entries
      where kind = 'reward' and status <> 'failed' and brand_id is not null
    ) e
    group by brand_id, wallet_address`.execute(db)
}
