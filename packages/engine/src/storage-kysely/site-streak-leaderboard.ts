import type { ExpressionBuilder, Kysely } from 'kysely'
import type { SiteStore } from '../ports/site-store'
import type { Database } from './database'

type Eb = ExpressionBuilder<Database, 'site_members'>

/**
 * `SiteStore.streakLeaderboard`: live streaks of the brand, longest first, ties by the earlier
 * `streak_reached_at` (then the site user id, for a stable order). Live: checked in today or
 * yesterday, within the grace period, or the freezes held cover the days missed.
 */
export async function selectStreakLeaderboard(
  db: Kysely<Database>,
  p: Parameters<SiteStore['streakLeaderboard']>[0],
): ReturnType<SiteStore['streakLeaderboard']> {
  const live = (eb: Eb) =>
    eb.and([
      eb('brand_id', '=', p.brandId),
      eb('current_streak', '>', 0),
      eb.or([
        eb('last_checkin_day', '>=', p.today - 1),
        eb('last_checkin_at', '>=', p.minCheckInAt),
        eb(eb('freezes', '+', eb('last_checkin_day', '+', 1)), '>=', p.today),
      ]),
    ])
  const rows = await db
    .selectFrom('site_members')
    .select(['wallet_address', 'display_name', 'current_streak', 'streak_reached_at'])
    .where(live)
    .orderBy('current_streak', 'desc')
    .orderBy('streak_reached_at')
    .orderBy('site_user_id')
    .limit(p.limit)
    .execute()
  const count = await db
    .selectFrom('site_members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(live)
    .executeTakeFirstOrThrow()
  return {
    rows: rows.map((r) => ({
      walletAddress: r.wallet_address,
      displayName: r.display_name,
      value: Number(r.current_streak),
      reachedAt: Number(r.streak_reached_at ?? 0),
    })),
    total: Number(count.n),
  }
}
