import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { SiteAuditEntry } from '../ports/site-store'
import { brandIdSchema } from '../schemas/brand-id'
import { stripControlCharacters } from '../text/strip-control-characters'
import { isStreakAlive } from './advance-streak'
import { localDay } from './local-day'
import { readSiteConfig } from './read-site-config'
import { siteMemberNotFound } from './site-errors'
import type { StreakState } from './streak-state'
import { type StreakView, streakView } from './streak-view'

export const restoreStreakParametersSchema = z.object({
  brandId: brandIdSchema,
  /** The site's user id. */
  userId: z.union([z.string().trim().min(1).max(191), z.number().int().nonnegative()]).transform(String),
  /** The streak's length after the restore. */
  days: z.number().int().min(1).max(100_000),
  /** Why (kept in the audit log). */
  reason: z.string().trim().min(1, 'is required').max(500),
  /** Who restores (kept in the audit log); default `cli`. */
  actor: z.string().trim().min(1).max(200).default('cli'),
})

export type RestoreStreakParameters = z.input<typeof restoreStreakParametersSchema>

export type RestoreStreakReturnType = { streak: StreakView; audit: SiteAuditEntry }

const DAY_MS = 86_400_000

/**
 * Support staff set a site user's streak to `days` (`loyaltykit streak restore`), written to the
 * audit log with the reason. The streak is alive afterwards: as if the user last checked in
 * yesterday (or today, when they did), so the next check-in makes it `days + 1`. When the streak had
 * broken and the user started a new, shorter one, the restored streak rejoins the broken run:
 * milestones claimed in it stay claimed.
 */
export async function restoreStreak(
  ctx: EngineContext,
  params: RestoreStreakParameters,
): Promise<RestoreStreakReturnType> {
  const p = parseInput(restoreStreakParametersSchema, stripControlCharacters(params), 'Invalid streak restore')
  await requireBrand(ctx.storage, p.brandId)
  const config = await readSiteConfig(ctx.storage, p.brandId)
  const key = { brandId: p.brandId, siteUserId: p.userId }
  const known = await ctx.storage.site.getMember(key)
  if (!known) throw siteMemberNotFound(p.userId)
  return ctx.storage.transaction(async (tx) => {
    const member = await tx.site.lockMember({ ...known, now: ctx.clock.now() })
    const now = ctx.clock.now()
    const today = localDay(now, config.timezone)
    const s = member.streak
    const alive = isStreakAlive(config, s, now, today)
    const from = alive ? s.currentStreak : 0
    // A live run that is shorter, after a break: the user started again; the restore continues the broken run.
    // A dead streak (broken, no check-in since) is still stored as its own run: it is the one restored.
    const rejoin = alive && s.brokenRun !== null && from < p.days
    const checkedInToday = s.lastCheckInDay === today
    const streak: StreakState = {
      ...s,
      currentStreak: p.days,
      longestStreak: Math.max(s.longestStreak, p.days),
      run: rejoin && s.brokenRun !== null ? s.brokenRun : s.run,
      brokenRun: rejoin ? null : s.brokenRun,
      lastCheckInDay: checkedInToday ? today : today - 1,
      lastCheckInAt: checkedInToday ? s.lastCheckInAt : now - DAY_MS,
      streakReachedAt: now,
    }
    await tx.site.saveMember({ ...member, streak, updatedAt: now })
    const audit: SiteAuditEntry = {
      id: ctx.ids.uuid(),
      brandId: p.brandId,
      siteUserId: p.userId,
      action: 'streak_restore',
      fromStreak: from,
      toStreak: p.days,
      reason: p.reason,
      actor: p.actor,
      createdAt: now,
    }
    await tx.site.recordAudit(audit)
    ctx.logger.info({ brandId: p.brandId, siteUserId: p.userId, from, to: p.days }, 'streak restored')
    const claimed = await tx.site.listMilestoneClaims({ ...key, run: streak.run })
    return { streak: streakView(config, streak, claimed, now, today), audit }
  })
}
