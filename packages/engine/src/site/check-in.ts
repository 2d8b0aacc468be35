import type { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { stripControlCharacters } from '../text/strip-control-characters'
import { advanceStreak } from './advance-streak'
import { authorizeSiteKey, type SiteCallerOptions } from './authorize-site-key'
import { type CheckInParameters, checkInParametersSchema, type checkInResponseSchema } from './check-in-schema'
import { dayString, localDay } from './local-day'
import { lockSiteMember } from './lock-site-member'
import { readSiteConfig } from './read-site-config'
import { enqueueSiteReward, siteRewardHash } from './site-reward'
import { streakMultiplier } from './streak-multiplier'
import { streakView } from './streak-view'

export type CheckInOptions = SiteCallerOptions & {
  /** How long to wait for the reward's transaction hash. Default 10 s. */
  mintWaitMs?: number
}

export type CheckInReturnType = z.output<typeof checkInResponseSchema>

/**
 * The site user's daily check-in (docs/site-plugin.md#streak-rules): once per calendar day in the
 * brand's time zone. In one transaction, with the member's row locked: the streak advances
 * (`advanceStreak`), the check-in is recorded (unique per day), and its reward's mint job and ledger
 * entry are written; then the mint is waited for (bounded). Of concurrent check-ins of one user on
 * one day exactly one is rewarded; the others answer `alreadyClaimed`.
 */
export async function checkIn(
  ctx: EngineContext,
  params: CheckInParameters,
  options: CheckInOptions = {},
): Promise<CheckInReturnType> {
  const brandId = await authorizeSiteKey(ctx, options, params)
  const { user } = parseInput(checkInParametersSchema, stripControlCharacters(params), 'Invalid check-in')
  const config = await readSiteConfig(ctx.storage, brandId)
  const done = await ctx.storage.transaction(async (tx) => {
    const member = await lockSiteMember(ctx, tx, brandId, user)
    const now = ctx.clock.now()
    const today = localDay(now, config.timezone)
    const advance = advanceStreak(config, member.streak, now, today)
    let mintJobId: string | null = null
    let reward = 0
    let freezesSpent = 0
    if (!advance.alreadyClaimed) {
      const id = ctx.ids.uuid()
      const streak = advance.state.currentStreak
      reward = advance.reward
      freezesSpent = advance.freezesSpent
      mintJobId = await enqueueSiteReward(ctx, tx, {
        source: 'site_checkin',
        id,
        brandId,
        walletAddress: member.walletAddress,
        email: member.email,
        amount: reward,
        snapshot: {
          siteUserId: user.id,
          day: dayString(today),
          streak,
          multiplier: streakMultiplier(config, streak),
          baseReward: config.baseReward,
          freezesSpent,
        },
        now,
      })
      const recorded = await tx.site.recordCheckIn({
        id,
        brandId,
        siteUserId: user.id,
        day: today,
        run: advance.state.run,
        streak,
        reward,
        freezesSpent,
        walletAddress: member.walletAddress,
        mintJobId,
        createdAt: now,
      })
      // The row lock makes this unreachable; the unique key is the second guard (the transaction rolls back).
      if (!recorded) throw new Error(`check-in of ${user.id} on day ${today} recorded twice`)
    }
    await tx.site.saveMember({ ...member, streak: advance.state })
    const claimed = await tx.site.listMilestoneClaims({ brandId, siteUserId: user.id, run: advance.state.run })
    return { advance, reward, freezesSpent, mintJobId, now, today, claimed }
  })
  const { advance, now, today } = done
  return {
    success: true,
    alreadyClaimed: advance.alreadyClaimed,
    reward: done.reward,
    streak: streakView(config, advance.state, done.claimed, now, today),
    checkInDate: dayString(today),
    freezesSpent: done.freezesSpent,
    transactionHash: await siteRewardHash(ctx, done.mintJobId, options.mintWaitMs ?? 10_000),
  }
}
