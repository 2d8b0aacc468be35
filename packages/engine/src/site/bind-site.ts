import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { checkIn } from './check-in'
import { claimMilestone } from './claim-milestone'
import { getSiteConfig } from './get-site-config'
import { getStreak } from './get-streak'
import { redeemSitePerk } from './redeem-site-perk'
import { restoreStreak } from './restore-streak'
import { setSiteConfig } from './set-site-config'
import { siteLeaderboard } from './site-leaderboard'

/** `engine.site`: the site plugin's check-in streaks, milestones, perk redemption and leaderboard (docs/site-plugin.md). */
export function bindSite(ctx: EngineContext) {
  return {
    checkIn: bindOperation(ctx, checkIn),
    getStreak: bindOperation(ctx, getStreak),
    claimMilestone: bindOperation(ctx, claimMilestone),
    redeem: bindOperation(ctx, redeemSitePerk),
    leaderboard: bindOperation(ctx, siteLeaderboard),
    restoreStreak: bindOperation(ctx, restoreStreak),
    getConfig: bindOperation(ctx, getSiteConfig),
    setConfig: bindOperation(ctx, setSiteConfig),
  }
}
