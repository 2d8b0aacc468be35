import type { RequestOptions } from '../client/client-options'
import type { ApiRoute } from '../core/api-route'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type {
  SiteCheckInParams,
  SiteCheckInResponse,
  SiteClaimMilestoneParams,
  SiteClaimMilestoneResponse,
  SiteLeaderboardParams,
  SiteLeaderboardResponse,
  SiteRedeemParams,
  SiteRedeemResponse,
  SiteStreakParams,
  SiteStreakResponse,
} from '../types/wire'

/**
 * The upstream site API (`/loyalty-api/site/*`, docs/site-plugin.md) for a site's backend: daily
 * check-in streaks, milestone bonuses, perk redemption and the leaderboard, with the client's
 * `apiKey` (scope `site` or `events`; server-side only). Each write names the site's user as
 * `{id, email, displayName}`: the member's wallet is the custodial wallet of `email`.
 */
export type SiteResource = {
  /** POST /loyalty-api/site/checkin: once per calendar day in the brand's time zone (`alreadyClaimed` after). */
  checkIn(params: SiteCheckInParams, options?: RequestOptions): Promise<SiteCheckInResponse>
  /** GET /loyalty-api/site/streak?userId=: the user's Streak record (0 days for a user never seen). */
  streak(params: SiteStreakParams, options?: RequestOptions): Promise<SiteStreakResponse>
  /** POST /loyalty-api/site/claim-milestone: a reached milestone's bonus, once per streak run. */
  claimMilestone(params: SiteClaimMilestoneParams, options?: RequestOptions): Promise<SiteClaimMilestoneResponse>
  /**
   * POST /loyalty-api/site/redeem: spends the user's points on one of the brand's perks (by its id).
   * Refusals are `ConflictError` (409) with `code` and `details.reason` (`inactive`, `sold_out`,
   * `per_user_limit`, `insufficient_balance`, `constraint`) or `NotFoundError` (`PERK_NOT_FOUND`).
   * Pass one `idempotencyKey` per redeem click (kept across retries of the click).
   */
  redeem(params: SiteRedeemParams, options?: RequestOptions): Promise<SiteRedeemResponse>
  /** GET /loyalty-api/site/leaderboard: metric `rsnc_earned` (default), `activity` or `streak`; period `week` (default), `month`, `all`. */
  leaderboard(params?: SiteLeaderboardParams, options?: RequestOptions): Promise<SiteLeaderboardResponse>
}

const site = { auth: 'apiKey' } as const satisfies Partial<ApiRoute>

export function siteResource(ctx: ClientContext): SiteResource {
  return {
    checkIn: (params, options) =>
      sendRequest(
        ctx,
        { ...site, name: 'site.checkIn', method: 'POST', path: '/loyalty-api/site/checkin', body: params },
        options,
      ),
    streak: (params, options) =>
      sendRequest(
        ctx,
        {
          ...site,
          name: 'site.streak',
          method: 'GET',
          path: '/loyalty-api/site/streak',
          query: { userId: params.userId, brandId: params.brandId },
        },
        options,
      ),
    claimMilestone: (params, options) =>
      sendRequest(
        ctx,
        {
          ...site,
          name: 'site.claimMilestone',
          method: 'POST',
          path: '/loyalty-api/site/claim-milestone',
          body: params,
        },
        options,
      ),
    redeem: (params, options) =>
      sendRequest(
        ctx,
        { ...site, name: 'site.redeem', method: 'POST', path: '/loyalty-api/site/redeem', body: params },
        options,
      ),
    leaderboard: (params = {}, options) =>
      sendRequest(
        ctx,
        {
          ...site,
          name: 'site.leaderboard',
          method: 'GET',
          path: '/loyalty-api/site/leaderboard',
          query: { metric: params.metric, period: params.period, limit: params.limit, brandId: params.brandId },
        },
        options,
      ),
  }
}
