import type { StreakState } from '../site/streak-state'

/** A site user of a brand (the site plugin's member), with the streak. */
export type SiteMember = {
  brandId: string
  /** The site's own user id (WordPress user id, …), as a string. */
  siteUserId: string
  email: string
  displayName: string | null
  /** The custodial wallet of `email`. */
  walletAddress: string
  streak: StreakState
  createdAt: number
  updatedAt: number
}

/** One rewarded check-in: at most one per brand, site user and local day. */
export type SiteCheckIn = {
  id: string
  brandId: string
  siteUserId: string
  /** Local day number in the brand's time zone (site/local-day.ts). */
  day: number
  run: number
  streak: number
  reward: number
  freezesSpent: number
  walletAddress: string
  mintJobId: string | null
  createdAt: number
}

export type SiteMilestoneClaim = {
  id: string
  brandId: string
  siteUserId: string
  run: number
  days: number
  bonus: number
  walletAddress: string
  mintJobId: string | null
  createdAt: number
}

/** A support action on a streak (`loyaltykit streak restore`), kept for audit. */
export type SiteAuditEntry = {
  id: string
  brandId: string
  siteUserId: string
  action: 'streak_restore'
  fromStreak: number
  toStreak: number
  reason: string
  actor: string
  createdAt: number
}

export type StreakLeaderboardRow = {
  walletAddress: string
  displayName: string | null
  value: number
  reachedAt: number
}

/**
 * Site members, their check-ins, milestone claims and the audit of support actions
 * (docs/site-plugin.md).
 */
export interface SiteStore {
  /**
   * In the caller's transaction: inserts the member when absent (with `profile` and an empty
   * streak), then holds its row until the transaction ends (PostgreSQL `FOR UPDATE`; SQLite's
   * writer lock). Concurrent callers for one member run one after the other and each reads what
   * the previous one committed. Answers the stored row (the profile is not updated here).
   */
  lockMember(p: Omit<SiteMember, 'streak' | 'createdAt' | 'updatedAt'> & { now: number }): Promise<SiteMember>
  getMember(p: { brandId: string; siteUserId: string }): Promise<SiteMember | undefined>
  /** Writes the profile and the streak of a member `lockMember` returned (same transaction). */
  saveMember(m: SiteMember): Promise<void>
  /** Atomic: unique on (brand, site user, day); of concurrent callers exactly one answers true. */
  recordCheckIn(c: SiteCheckIn): Promise<boolean>
  /** Atomic: unique on (brand, site user, run, days); of concurrent callers exactly one answers true. */
  recordMilestoneClaim(c: SiteMilestoneClaim): Promise<boolean>
  /** The milestone days claimed in one run, ascending. */
  listMilestoneClaims(p: { brandId: string; siteUserId: string; run: number }): Promise<number[]>
  recordAudit(a: SiteAuditEntry): Promise<void>
  /** A member's audit entries, oldest first. */
  listAudit(p: { brandId: string; siteUserId: string }): Promise<SiteAuditEntry[]>
  /** The display name last sent for each wallet at the brand (wallets no site user named are absent). */
  displayNames(p: { brandId: string; walletAddresses: readonly string[] }): Promise<Map<string, string>>
  /**
   * Live streaks at the brand, longest first, ties by who reached the length first: a streak is live
   * when its last check-in is on `minDay` or later, or at `minCheckInAt` or later (the grace period),
   * or its freezes cover the days missed before `today`. With the number of live streaks.
   */
  streakLeaderboard(p: {
    brandId: string
    today: number
    minCheckInAt: number
    limit: number
  }): Promise<{ rows: StreakLeaderboardRow[]; total: number }>
}
