import { type QueryExecutorProvider, sql } from 'kysely'

/**
 * Rebuilds the reward-event rollups of migration 0022 (activity_days, activity_wallets,
 * activity_brand_wallets) from `reward_events`, from scratch: that migration's backfill, and part of
 * `rebuildActivityRollups`. Run it in a transaction with no claim running on
 * the database (it deletes the rows first). A wallet's first event of a day (at the brand, and
 * anywhere) is the earliest by (created_at, id), the one the claim path counts.
 */
export async function rebuildActivityTables(db: QueryExecutorProvider): Promise<void> {
  await sql`delete from activity_days`.execute(db)
  await sql`delete from activity_wallets`.execute(db)
  await sql`delete from activity_brand_wallets`.execute(db)
  await sql`
    insert into activity_days (day, brand_id, events, tokens, brand_users, network_users)
    select day, brand_id, count(*), sum(reward_amount), sum(brand_first), sum(network_first)
    from (
      select created_at / 86400000 as day, brand_id, reward_amount,
        case when row_number() over (
          partition by brand_id, wallet_address, created_at / 86400000 order by created_at, id
        ) = 1 then 1 else 0 end as brand_first,
        case when row_number() over (
          partition by wallet_address, created_at / 86400000 order by created_at, id
        ) = 1 then 1 else 0 end as network_first
      from reward_events
    ) e
    group by day, brand_id`.execute(db)
  await sql`
    insert into activity_wallets (wallet_address, first_at, last_at)
    select wallet_address, min(created_at), max(created_at) from reward_events group by wallet_address`.execute(db)
  await sql`
    insert into activity_brand_wallets (brand_id, wallet_address, first_at, last_at)
    select brand_id, wallet_address, min(created_at), max(created_at)
    from reward_events group by brand_id, wallet_address`.execute(db)
}
