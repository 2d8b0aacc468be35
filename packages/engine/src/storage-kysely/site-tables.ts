/** Tables of the site plugin (migration 0020-site-streaks); conventions of `database.ts`. */
export interface SiteTables {
  site_members: SiteMembersTable
  site_checkins: SiteCheckinsTable
  site_milestone_claims: SiteMilestoneClaimsTable
  site_audit: SiteAuditTable
}

/** Primary key (brand_id, site_user_id); indexes (brand_id, wallet_address), (brand_id, current_streak, streak_reached_at). */
export interface SiteMembersTable {
  brand_id: string
  site_user_id: string
  email: string
  display_name: string | null
  wallet_address: string
  current_streak: number
  longest_streak: number
  run: number
  broken_run: number | null
  last_checkin_day: number | null
  last_checkin_at: number | null
  streak_reached_at: number | null
  freezes: number
  freezes_used: number
  created_at: number
  updated_at: number
}

/** Primary key id; unique (brand_id, site_user_id, day). */
interface SiteCheckinsTable {
  id: string
  brand_id: string
  site_user_id: string
  day: number
  run: number
  streak: number
  reward: number
  freezes_spent: number
  wallet_address: string
  mint_job_id: string | null
  created_at: number
}

/** Primary key id; unique (brand_id, site_user_id, run, days). */
interface SiteMilestoneClaimsTable {
  id: string
  brand_id: string
  site_user_id: string
  run: number
  days: number
  bonus: number
  wallet_address: string
  mint_job_id: string | null
  created_at: number
}

/** Primary key id; index (brand_id, site_user_id, created_at). */
export interface SiteAuditTable {
  id: string
  brand_id: string
  site_user_id: string
  action: string
  from_streak: number
  to_streak: number
  reason: string
  actor: string
  created_at: number
}
