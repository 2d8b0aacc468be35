import type { z } from 'zod'
import type { EngineContext } from '../context'
import { isStreakAlive } from './advance-streak'
import type { SiteCallerOptions } from './authorize-site-key'
import {
  type ClaimMilestoneParameters,
  claimMilestoneParametersSchema,
  type claimMilestoneResponseSchema,
} from './claim-milestone-schema'
import { milestoneAlreadyClaimed, milestoneNotReached, unknownMilestone } from './site-errors'
import { enqueueSiteReward, siteRewardHash } from './site-reward'
import { withSiteMember } from './with-site-member'

export type ClaimMilestoneOptions = SiteCallerOptions & {
  /** How long to wait for the bonus's transaction hash. Default 10 s. */
  mintWaitMs?: number
}

export type ClaimMilestoneReturnType = z.output<typeof claimMilestoneResponseSchema>

/**
 * Claims a streak milestone's bonus (docs/site-plugin.md#streak-rules): the days must be one of the
 * brand's milestones (400 UNKNOWN_MILESTONE) that the live streak has reached (409
 * MILESTONE_NOT_REACHED), not claimed in this run (409 MILESTONE_ALREADY_CLAIMED: the claim is unique
 * per run, so of concurrent claims exactly one mints). The bonus's mint job and ledger entry commit
 * with the claim.
 */
export async function claimMilestone(
  ctx: EngineContext,
  params: ClaimMilestoneParameters,
  options: ClaimMilestoneOptions = {},
): Promise<ClaimMilestoneReturnType> {
  const parse = { schema: claimMilestoneParametersSchema, message: 'Invalid milestone claim' }
  const done = await withSiteMember(ctx, options, params, parse, async ({ user, milestoneDays: days }, f) => {
    const { brandId, config, tx, member, now, today } = f
    const milestone = config.milestones.find((m) => m.days === days)
    if (!milestone)
      throw unknownMilestone(
        days,
        config.milestones.map((m) => m.days),
      )
    const { streak } = member
    const current = isStreakAlive(config, streak, now, today) ? streak.currentStreak : 0
    if (current < days) throw milestoneNotReached(days, current)
    const id = ctx.ids.uuid()
    const mintJobId = await enqueueSiteReward(ctx, tx, {
      source: 'site_milestone',
      id,
      brandId,
      walletAddress: member.walletAddress,
      email: member.email,
      amount: milestone.bonus,
      snapshot: { siteUserId: user.id, milestoneDays: days, run: streak.run, currentStreak: current },
      now,
    })
    const recorded = await tx.site.recordMilestoneClaim({
      id,
      brandId,
      siteUserId: user.id,
      run: streak.run,
      days,
      bonus: milestone.bonus,
      walletAddress: member.walletAddress,
      mintJobId,
      createdAt: now,
    })
    if (!recorded) throw milestoneAlreadyClaimed(days)
    return { member, result: { bonus: milestone.bonus, days, mintJobId } }
  })
  const { bonus, days, mintJobId } = done.result
  return {
    success: true,
    bonusRsnc: bonus,
    milestone: days,
    streak: done.streak,
    transactionHash: await siteRewardHash(ctx, mintJobId, options.mintWaitMs ?? 10_000),
  }
}
