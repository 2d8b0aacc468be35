import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The site plugin (docs/site-plugin.md): site members with their streak, check-ins (one per local
 * day), milestone claims (one per run), the audit of support actions; and the ledger index the
 * leaderboard aggregates (brand, kind, time, wallet, amount, status: read without touching the table).
 */
export const migration0020SiteStreaks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('site_members')
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('site_user_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text')
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('current_streak', 'integer', (c) => c.notNull())
      .addColumn('longest_streak', 'integer', (c) => c.notNull())
      .addColumn('run', 'integer', (c) => c.notNull())
      .addColumn('broken_run', 'integer')
      .addColumn('last_checkin_day', 'integer')
      .addColumn('last_checkin_at', 'bigint')
      .addColumn('streak_reached_at', 'bigint')
      .addColumn('freezes', 'integer', (c) => c.notNull())
      .addColumn('freezes_used', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('site_members_pk', ['brand_id', 'site_user_id'])
      .execute()
    await db.schema
      .createIndex('site_members_wallet_idx')
      .on('site_members')
      .columns(['brand_id', 'wallet_address'])
      .execute()
    await db.schema
      .createIndex('site_members_streak_idx')
      .on('site_members')
      .columns(['brand_id', 'current_streak desc', 'streak_reached_at'])
      .execute()
    await db.schema
      .createTable('site_checkins')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('site_user_id', 'text', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('run', 'integer', (c) => c.notNull())
      .addColumn('streak', 'integer', (c) => c.notNull())
      .addColumn('reward', 'bigint', (c) => c.notNull())
      .addColumn('freezes_spent', 'integer', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('mint_job_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('site_checkins_day_key', ['brand_id', 'site_user_id', 'day'])
      .execute()
    await db.schema
      .createTable('site_milestone_claims')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('site_user_id', 'text', (c) => c.notNull())
      .addColumn('run', 'integer', (c) => c.notNull())
      .addColumn('days', 'integer', (c) => c.notNull())
      .addColumn('bonus', 'bigint', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('mint_job_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('site_milestone_claims_key', ['brand_id', 'site_user_id', 'run', 'days'])
      .execute()
    await db.schema
      .createTable('site_audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('brand_id', 'text', (c) => c.notNull())
      .addColumn('site_user_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('from_streak', 'integer', (c) => c.notNull())
      .addColumn('to_streak', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('site_audit_member_idx')
      .on('site_audit')
      .columns(['brand_id', 'site_user_id', 'created_at'])
      .execute()
    await db.schema
      .createIndex('ledger_entries_leaderboard_idx')
      .on('ledger_entries')
      // Not covering (wallet, amount, status left out): a covering index on brand_id made SQLite's
      // planner (no statistics) read the member totals through it, every entry of the brand
      // (engine/test/member-read-plans.test.ts).
      .columns(['brand_id', 'kind', 'created_at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('ledger_entries_leaderboard_idx').ifExists().execute()
    for (const t of ['site_audit', 'site_milestone_claims', 'site_checkins', 'site_members']) {
      await db.schema.dropTable(t).ifExists().execute()
    }
  },
}
