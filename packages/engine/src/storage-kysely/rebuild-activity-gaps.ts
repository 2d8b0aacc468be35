import { type QueryExecutorProvider, sql } from 'kysely'
import { GAP_MS } from './activity-gaps'

/**
 * Rebuilds `activity_gaps` from `reward_events`, from scratch (migration 0025's backfill, and part of
 * `rebuildActivityRollups`): each wallet's consecutive events (by created_at, id) at least 7 days apart.
 */
export async function rebuildActivityGaps(db: QueryExecutorProvider): Promise<void> {
  await sql`delete from activity_gaps`.execute(db)
  await sql`
    insert into activity_gaps (wallet_address, gap_start, gap_end)
    select wallet_address, previous_at, created_at
    from (
      select wallet_address, created_at,
        lag(created_at) over (partition by wallet_address order by created_at, id) as previous_at
      from reward_events
    ) e
    where previous_at is not null and created_at - previous_at >= ${sql.lit(GAP_MS)}`.execute(db)
}
