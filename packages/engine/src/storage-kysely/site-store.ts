import type { Kysely, Selectable } from 'kysely'
import type { SiteAuditEntry, SiteCheckIn, SiteMember, SiteMilestoneClaim, SiteStore } from '../ports/site-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import { selectStreakLeaderboard } from './site-streak-leaderboard'
import type { SiteAuditTable, SiteMembersTable } from './site-tables'

const n = (v: number | string | null) => (v === null ? null : Number(v))

function toMember(row: Selectable<SiteMembersTable>): SiteMember {
  return {
    brandId: row.brand_id,
    siteUserId: row.site_user_id,
    email: row.email,
    displayName: row.display_name,
    walletAddress: row.wallet_address,
    streak: {
      currentStreak: Number(row.current_streak),
      longestStreak: Number(row.longest_streak),
      run: Number(row.run),
      brokenRun: n(row.broken_run),
      lastCheckInDay: n(row.last_checkin_day),
      lastCheckInAt: n(row.last_checkin_at),
      streakReachedAt: n(row.streak_reached_at),
      freezes: Number(row.freezes),
      freezesUsed: Number(row.freezes_used),
    },
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  }
}

function toAudit(row: Selectable<SiteAuditTable>): SiteAuditEntry {
  return {
    id: row.id,
    brandId: row.brand_id,
    siteUserId: row.site_user_id,
    action: row.action as SiteAuditEntry['action'],
    fromStreak: Number(row.from_streak),
    toStreak: Number(row.to_streak),
    reason: row.reason,
    actor: row.actor,
    createdAt: Number(row.created_at),
  }
}

const streakColumns = (m: SiteMember) => ({
  email: m.email,
  display_name: m.displayName,
  wallet_address: m.walletAddress,
  current_streak: m.streak.currentStreak,
  longest_streak: m.streak.longestStreak,
  run: m.streak.run,
  broken_run: m.streak.brokenRun,
  last_checkin_day: m.streak.lastCheckInDay,
  last_checkin_at: m.streak.lastCheckInAt,
  streak_reached_at: m.streak.streakReachedAt,
  freezes: m.streak.freezes,
  freezes_used: m.streak.freezesUsed,
  updated_at: m.updatedAt,
})

/** The columns a check-in and a milestone claim share: who, in which run, the reward's wallet and mint job. */
const rewardColumns = (c: SiteCheckIn | SiteMilestoneClaim) => ({
  id: c.id,
  brand_id: c.brandId,
  site_user_id: c.siteUserId,
  run: c.run,
  wallet_address: c.walletAddress,
  mint_job_id: c.mintJobId,
  created_at: c.createdAt,
})

const inserted = (r: { numInsertedOrUpdatedRows?: bigint | undefined }) => Number(r.numInsertedOrUpdatedRows ?? 0n) > 0

export function createSiteStore(db: Kysely<Database>, dialect: SqlDialect): SiteStore {
  const member = (brandId: string, siteUserId: string) =>
    db.selectFrom('site_members').selectAll().where('brand_id', '=', brandId).where('site_user_id', '=', siteUserId)

  return {
    async lockMember(p) {
      await db
        .insertInto('site_members')
        .values({
          brand_id: p.brandId,
          site_user_id: p.siteUserId,
          email: p.email,
          display_name: p.displayName,
          wallet_address: p.walletAddress,
          current_streak: 0,
          longest_streak: 0,
          run: 1,
          broken_run: null,
          last_checkin_day: null,
          last_checkin_at: null,
          streak_reached_at: null,
          freezes: 0,
          freezes_used: 0,
          created_at: p.now,
          updated_at: p.now,
        })
        .onConflict((oc) => oc.columns(['brand_id', 'site_user_id']).doNothing())
        .execute()
      const q = member(p.brandId, p.siteUserId)
      const row = await (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirstOrThrow()
      return toMember(row)
    },

    async getMember(p) {
      const row = await member(p.brandId, p.siteUserId).executeTakeFirst()
      return row ? toMember(row) : undefined
    },

    async saveMember(m) {
      await db
        .updateTable('site_members')
        .set(streakColumns(m))
        .where('brand_id', '=', m.brandId)
        .where('site_user_id', '=', m.siteUserId)
        .execute()
    },

    async recordCheckIn(c) {
      const r = await db
        .insertInto('site_checkins')
        .values({
          ...rewardColumns(c),
          day: c.day,
          streak: c.streak,
          reward: c.reward,
          freezes_spent: c.freezesSpent,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst()
      return inserted(r)
    },

    async recordMilestoneClaim(c) {
      const r = await db
        .insertInto('site_milestone_claims')
        .values({ ...rewardColumns(c), days: c.days, bonus: c.bonus })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst()
      return inserted(r)
    },

    async listMilestoneClaims(p) {
      const rows = await db
        .selectFrom('site_milestone_claims')
        .select('days')
        .where('brand_id', '=', p.brandId)
        .where('site_user_id', '=', p.siteUserId)
        .where('run', '=', p.run)
        .orderBy('days')
        .execute()
      return rows.map((r) => Number(r.days))
    },

    async recordAudit(a) {
      await db
        .insertInto('site_audit')
        .values({
          id: a.id,
          brand_id: a.brandId,
          site_user_id: a.siteUserId,
          action: a.action,
          from_streak: a.fromStreak,
          to_streak: a.toStreak,
          reason: a.reason,
          actor: a.actor,
          created_at: a.createdAt,
        })
        .execute()
    },

    async listAudit(p) {
      const rows = await db
        .selectFrom('site_audit')
        .selectAll()
        .where('brand_id', '=', p.brandId)
        .where('site_user_id', '=', p.siteUserId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      return rows.map(toAudit)
    },

    async displayNames(p) {
      const names = new Map<string, string>()
      if (p.walletAddresses.length === 0) return names
      const rows = await db
        .selectFrom('site_members')
        .select(['wallet_address', 'display_name', 'updated_at'])
        .where('brand_id', '=', p.brandId)
        .where('wallet_address', 'in', [...p.walletAddresses])
        .where('display_name', 'is not', null)
        .orderBy('updated_at')
        .execute()
      // Newest last: the name last sent for a wallet wins.
      for (const r of rows) if (r.display_name !== null) names.set(r.wallet_address, r.display_name)
      return names
    },

    streakLeaderboard: (p) => selectStreakLeaderboard(db, p),
  }
}
