import type { z } from 'zod'
import type { EngineContext } from '../context'
import { advanceStreak } from './advance-streak'
import type { SiteCallerOptions } from './authorize-site-key'
import { type CheckInParameters, checkInParametersSchema, type checkInResponseSchema } from './check-in-schema'
import { dayString } from './local-day'
import { enqueueSiteReward, siteRewardHash } from './site-reward'
import { streakMultiplier } from './streak-multiplier'
import { withSiteMember } from './with-site-member'

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
  const parse = { schema: checkInParametersSchema, message: 'Invalid check-in' }
  const done = await withSiteMember(ctx, options, params, parse, async ({ user }, f) => {
    const { brandId, config, tx, member, now, today } = f
    const advance = advanceStreak(config, member.streak, now, today)
    let mintJobId: string | null = null
    if (!advance.alreadyClaimed) {
      const id = ctx.ids.uuid()
      const streak = advance.state.currentStreak
      mintJobId = await enqueueSiteReward(ctx, tx, {
        source: 'site_checkin',
        id,
        brandId,
        walletAddress: member.walletAddress,
        email: member.email,
        amount: advance.reward,
        snapshot: {
          siteUserId: user.id,
          day: dayString(today),
          streak,
          multiplier: streakMultiplier(config, streak),
          baseReward: config.baseReward,
          freezesSpent: advance.freezesSpent,
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
        reward: advance.reward,
        freezesSpent: advance.freezesSpent,
        walletAddress: member.walletAddress,
        mintJobId,
        createdAt: now,
      })
      // The row lock makes this unreachable; the unique key is the second guard (the transaction rolls back).
      if (!recorded) throw new Error(`check-in of ${user.id} on day ${today} recorded twice`)
    }
    return { member: { ...member, streak: advance.state }, result: { advance, mintJobId, today } }
  })
  const { advance, mintJobId, today } = done.result
  return {
    success: true,
    alreadyClaimed: advance.alreadyClaimed,
    reward: advance.alreadyClaimed ? 0 : advance.reward,
    streak: done.streak,
    checkInDate: dayString(today),
    freezesSpent: advance.alreadyClaimed ? 0 : advance.freezesSpent,
    transactionHash: await siteRewardHash(ctx, mintJobId, options.mintWaitMs ?? 10_000),
  }
}
